import type { AgentPolicy, Domain, RunConfig, SeedTask, TaskInstance, TrainableAgent } from '../interfaces/index.ts';
import type { AgentWarmStartStats } from '../interfaces/metrics.ts';
import { warmStartSplit } from './agent-demonstrations.ts';
import { heldOutOutcomes } from './evaluate.ts';
import type { RandomStreams } from './random-streams.ts';

/** What the agent's warm start reads: the agent, the domain and its seeds, the run's settings and streams. */
export interface AgentWarmStartInput {
  agent: TrainableAgent;
  domain: Domain;
  seeds: SeedTask[];
  config: Pick<RunConfig, 'seed' | 'warmStartVariations' | 'warmStartValidation'>;
  streams: RandomStreams;
  /** Whether genenv can sample the agent (not an external trainer's): only then is the validation split used. */
  measurable: boolean;
}

/** What the agent's warm start did. */
export interface AgentWarmStart {
  /** The agent's own statistics of its warm start. */
  stats: AgentWarmStartStats;
  /** Pairs it trained on. */
  demonstrations: number;
  /** Instances of the validation split and the warm-started agent's greedy accuracy there; absent without one. */
  validation?: { instances: number; accuracy: number };
}

/**
 * The agent's SFT warm start on the seed tasks' demonstrations, less the share `warmStartValidation` of the instances
 * held out as its validation split: an agent that checks itself there decides on it how long it trains, and the
 * warm-started agent's greedy accuracy on it is measured (`warmstart/validationAccuracy`).
 */
export async function warmStartAgent(input: AgentWarmStartInput): Promise<AgentWarmStart> {
  const { agent, domain, config, streams } = input;
  const fraction = input.measurable ? config.warmStartValidation : 0;
  const split = warmStartSplit(domain, input.seeds, config.warmStartVariations, fraction, config.seed);
  const validation = { accuracy: () => validationAccuracy(agent, domain, split.validation, streams) };
  const held = split.validation.length > 0;
  const stats = split.training.length
    ? await agent.warmStart(split.training, { seed: streams.warmStartAgent(), ...(held ? { validation } : {}) })
    : {};
  return {
    stats,
    demonstrations: split.training.length,
    ...(held ? { validation: { instances: split.validation.length, accuracy: await validation.accuracy() } } : {}),
  };
}

/** Greedy accuracy of the agent on the validation split's instances, by the domain's scorer (as held-out sets are). */
async function validationAccuracy(
  agent: AgentPolicy,
  domain: Domain,
  instances: readonly TaskInstance[],
  streams: RandomStreams,
): Promise<number> {
  const set = { name: 'validation', version: 'warm-start', instances: [...instances] };
  const [outcomes] = await heldOutOutcomes(agent, domain, [set], streams.warmStartValidation());
  if (!outcomes) return 0;
  return outcomes.successes.filter(Boolean).length / outcomes.instances.length;
}
