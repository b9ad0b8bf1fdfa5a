import type { Domain } from '../../interfaces/domain.ts';
import { deriveSeed } from '../../util/random.ts';

/** Most seeds the tokenizer is learned on (keeps BPE learning fast). */
const seedLimit = 500;

/** Texts the simulator writes and reads: the seeds' compact specs and family names. */
export function simulatorCorpus(domain: Domain): string[] {
  return domain
    .seeds()
    .slice(0, seedLimit)
    .flatMap((seed) => [domain.formatSpec(seed.spec), seed.family]);
}

/**
 * Texts the agent reads and writes: the prompt and reference answer of one instance of each seed
 * (the same data its warm start trains on; held-out sets are never read). A seed that fails to
 * instantiate contributes its spec text instead.
 */
export function agentCorpus(domain: Domain, seed: number): string[] {
  return domain
    .seeds()
    .slice(0, seedLimit)
    .flatMap((task, index) => {
      const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'tokenizer-corpus', index));
      if (!result.ok || !result.instances[0]) return [domain.formatSpec(task.spec)];
      const prompt = domain.render(result.instances[0]);
      return prompt.reference?.answer ? [prompt.text, prompt.reference.answer] : [prompt.text];
    });
}
