import type { Domain } from '../../spec/domain.ts';
import { deriveSeed } from '../../util/random.ts';

/** Longest corpus the tokenizer is learned on (keeps BPE learning fast). */
const seedLimit = 200;

/** Texts the simulator writes and reads: the seeds' compact specs and family names. */
export function simulatorCorpus(domain: Domain): string[] {
  return domain.seeds().slice(0, seedLimit).flatMap((seed) => [domain.formatSpec(seed.spec), seed.family]);
}

/**
 * Texts the agent reads: prompts rendered from one instance of each seed (never the gold answers).
 * A seed that fails to instantiate contributes its spec text instead.
 */
export function agentCorpus(domain: Domain, seed: number): string[] {
  return domain.seeds().slice(0, seedLimit).map((task, index) => {
    const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'tokenizer-corpus', index));
    return result.ok && result.instances[0] ? domain.render(result.instances[0]).text : domain.formatSpec(task.spec);
  });
}
