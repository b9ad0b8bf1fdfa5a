import type { Domain } from '../interfaces/domain.ts';
import type { AgentDemonstration } from '../interfaces/policy.ts';
import type { TaskInstance } from '../interfaces/task.ts';
import { deriveSeed } from '../util/random.ts';
import { demonstrationsOf } from './episodes.ts';
import { validationIndices } from './validation-split.ts';

/** The agent's warm-start data: the demonstrations SFT trains on, and the instances held out from it. */
export interface WarmStartSplit {
  training: AgentDemonstration[];
  /** Seed-task instances SFT never sees, on which the warm start measures itself (empty at fraction 0). */
  validation: TaskInstance[];
}

/**
 * The agent's warm-start data: `variations` fresh instances of every seed task (new slot values each,
 * drawn from `deriveSeed(seed, 'warm-start', task id)`), each paired with its reference answer. Seeds
 * that fail to instantiate are skipped. An interactive domain's instance gives one pair per turn of its
 * reference episode.
 */
export function agentDemonstrations(
  domain: Domain,
  seeds: ReturnType<Domain['seeds']>,
  variations: number,
  seed: number,
): AgentDemonstration[] {
  return warmStartSplit(domain, seeds, variations, 0, seed).training;
}

/**
 * agentDemonstrations with a share `validationFraction` of the instances held out (validationIndices, drawn by
 * `deriveSeed(seed, 'warm-start', 'validation')`): whole instances, so that no turn of a held-out episode is trained
 * on. The training pairs keep the order of agentDemonstrations, less the held-out instances'.
 */
export function warmStartSplit(
  domain: Domain,
  seeds: ReturnType<Domain['seeds']>,
  variations: number,
  validationFraction: number,
  seed: number,
): WarmStartSplit {
  const instances: TaskInstance[] = [];
  if (variations > 0) {
    for (const task of seeds) {
      const result = domain.instantiate(task.spec, variations, deriveSeed(seed, 'warm-start', task.id));
      if (result.ok) instances.push(...result.instances);
    }
  }
  const held = validationIndices(instances.length, validationFraction, deriveSeed(seed, 'warm-start', 'validation'));
  return {
    training: instances
      .filter((_, index) => !held.has(index))
      .flatMap((instance) => demonstrationsOf(domain, instance)),
    validation: instances.filter((_, index) => held.has(index)),
  };
}
