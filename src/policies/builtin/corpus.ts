import type { Domain } from '../../interfaces/domain.ts';
import { replayEpisode } from '../../interfaces/interaction.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
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
 * (the same data its warm start trains on; held-out sets are never read). For an interactive domain the
 * prompts of every turn of the reference episode, whose observations the first turn's prompt does not
 * hold yet. A seed that fails to instantiate contributes its spec text instead.
 */
export function agentCorpus(domain: Domain, seed: number): string[] {
  return domain
    .seeds()
    .slice(0, seedLimit)
    .flatMap((task, index) => {
      const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'tokenizer-corpus', index));
      if (!result.ok || !result.instances[0]) return [domain.formatSpec(task.spec)];
      const prompt = domain.render(result.instances[0]);
      const texts = prompt.reference?.answer ? [prompt.text, prompt.reference.answer] : [prompt.text];
      return domain.interactive
        ? [...texts, ...laterTurnPrompts(domain, result.instances[0], prompt.reference.answer)]
        : texts;
    });
}

/** The compact prompts of the turns after the first of an instance's reference episode (`answer`: its actions). */
function laterTurnPrompts(domain: Domain, instance: TaskInstance, answer: string): string[] {
  const interaction = domain.interactive!;
  const replay = replayEpisode(interaction, instance, answer.split('\n'));
  return replay.turns
    .slice(0, -1)
    .map(
      (_, index) => interaction.turnPrompt(instance, replay.opening, replay.turns.slice(0, index + 1), 'corpus').text,
    );
}
