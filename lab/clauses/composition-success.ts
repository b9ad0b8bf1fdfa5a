/**
 * p̂ of compositions as a run measures it: each spec instantiated n times (its own seed per spec), each variation
 * attempted G times at the run's rollout temperature, p̂ the share of successful rollouts. One `act` call for all.
 */
import { type AgentPolicy, deriveSeed, type Domain, type TaskInstance } from '../../src/index.ts';
import { batchSuccess } from '../ladder/batch-success.ts';

export interface SuccessOptions {
  /** n: variations per spec. */
  variations: number;
  /** G: rollouts per variation. */
  samples: number;
  temperature: number;
  seed: number;
}

/** p̂ in [0, 1] of every spec, in order; a spec the domain cannot instantiate gets null. */
export async function compositionSuccess(
  agent: AgentPolicy,
  domain: Domain,
  specs: readonly unknown[],
  options: SuccessOptions,
): Promise<(number | null)[]> {
  const batches: TaskInstance[][] = specs.map((spec, index) => {
    const built = domain.instantiate(spec, options.variations, deriveSeed(options.seed, 'composition', index));
    return built.ok ? built.instances : [];
  });
  const outcomes = await batchSuccess(agent, domain, batches, {
    samples: options.samples,
    temperature: options.temperature,
    seed: deriveSeed(options.seed, 'composition-rollouts'),
  });
  return outcomes.map((outcome, index) => (batches[index]!.length ? outcome.successRate : null));
}
