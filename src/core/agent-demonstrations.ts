import type { Domain } from '../interfaces/domain.ts';
import type { AgentDemonstration } from '../interfaces/policy.ts';
import { deriveSeed } from '../util/random.ts';
import { demonstrationsOf } from './episodes.ts';

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
  const demonstrations: AgentDemonstration[] = [];
  if (variations <= 0) return demonstrations;
  for (const task of seeds) {
    const result = domain.instantiate(task.spec, variations, deriveSeed(seed, 'warm-start', task.id));
    if (!result.ok) continue;
    for (const instance of result.instances) demonstrations.push(...demonstrationsOf(domain, instance));
  }
  return demonstrations;
}
