import type { Domain } from '../../interfaces/domain.ts';
import { replayEpisode } from '../../interfaces/interaction.ts';
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
 * instantiate contributes its spec text instead. An interactive domain's instance gives the prompt of
 * every turn of its reference episode, so that the words of the environment's answers (which the first
 * turn has not seen yet) become tokens too.
 */
export function agentCorpus(domain: Domain, seed: number): string[] {
  return domain
    .seeds()
    .slice(0, seedLimit)
    .flatMap((task, index) => {
      const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'tokenizer-corpus', index));
      if (!result.ok || !result.instances[0]) return [domain.formatSpec(task.spec)];
      const instance = result.instances[0];
      const prompt = domain.render(instance);
      const answer = prompt.reference?.answer ? [prompt.reference.answer] : [];
      if (!domain.interactive) return [prompt.text, ...answer];
      const interaction = domain.interactive;
      const replay = replayEpisode(interaction, instance, (prompt.reference?.answer ?? '').split('\n'));
      const turns = replay.turns.map(
        (_, turn) => interaction.turnPrompt(instance, replay.opening, replay.turns.slice(0, turn + 1), '').text,
      );
      return [prompt.text, ...turns, ...answer];
    });
}
