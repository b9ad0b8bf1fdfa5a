import type {
  Domain,
  SimulatorPolicy,
  EventSink,
  HeldOutSet,
  RunConfig,
  SeedTask,
  SimulatorContext,
  TrainableAgent,
  TrainableSimulator,
  CoevolutionStore,
} from '../interfaces/index.ts';
import { buildContexts } from './contexts.ts';
import { RandomStreams } from './random-streams.ts';
import { VARIANTS, type VariantPlan } from './variants.ts';

/** Everything a run needs; it names no backend and no domain. */
export interface RunInput {
  config: RunConfig;
  domain: Domain;
  agent: TrainableAgent;
  simulator: TrainableSimulator;
  store: CoevolutionStore;
  /** Offline variant: a teacher simulator, or a dataset of specs. */
  teacher?: SimulatorPolicy;
  offlineSpecs?: unknown[];
  onEvent?: EventSink;
  /** The agent is an external trainer (`genenv serve`): genenv neither trains nor evaluates it. */
  externalAgent?: boolean;
  /** Aborted to stop the run at its next safe point (between epochs); the loop throws the signal's reason. */
  signal?: AbortSignal;
}

/** What every phase of a run reads: the players, the domain, the store and the run's settings. */
export interface RunContext extends Omit<RunInput, 'onEvent' | 'externalAgent' | 'signal'> {
  plan: VariantPlan;
  streams: RandomStreams;
  seeds: SeedTask[];
  heldOut: HeldOutSet[];
  externalAgent: boolean;
  emit: EventSink;
}

/** The context of a run: its variant's plan, its random streams, the domain's seeds and held-out sets. */
export function createRunContext(input: RunInput): RunContext {
  const { config, domain, onEvent, externalAgent = false, signal: _signal, ...players } = input;
  return {
    ...players,
    config,
    domain,
    plan: VARIANTS[config.variant],
    streams: new RandomStreams(config.seed),
    seeds: domain.seeds(),
    heldOut: externalAgent ? [] : domain.heldOutSets(),
    externalAgent,
    emit: onEvent ?? (() => {}),
  };
}

/** `agent-v3`: the agent's version as stamped on traces and task types. */
export const agentLabel = (run: RunContext) => `agent-v${run.agent.version}`;
export const simulatorLabel = (run: RunContext) => `env-v${run.simulator.version}`;

/**
 * `count` simulator contexts for an epoch (seeds with their family's statistics from earlier epochs).
 * Contexts drawn before the first epoch (`epoch` null) see no statistics.
 */
export function contextsFor(run: RunContext, epoch: number | null, count: number, seed: number): SimulatorContext[] {
  const statistics =
    epoch === null
      ? () => ({ taskTypes: 0, recentSuccess: null })
      : (family: string) => run.store.familyStatistics(family, epoch, run.config.familyWindow);
  return buildContexts(run.seeds, count, seed, statistics, run.config.alpha);
}

/** What `summary.json` says the run is. */
export const runIdentity = (run: RunContext) => ({
  preset: run.config.preset,
  seed: run.config.seed,
  variant: run.config.variant,
  domain: run.domain.name,
});
