import { join } from 'node:path';
import type {
  CoevolutionStore,
  Domain,
  EnvironmentPolicy,
  EventSink,
  RunConfig,
  RunSummary,
  TrainableAgent,
  TrainableSimulator,
} from '../interfaces/index.ts';
import { GenEnvError } from '../interfaces/index.ts';
import { runEpoch } from './epoch.ts';
import { RandomStreams } from './random-streams.ts';
import { type RunContext, runIdentity } from './run-context.ts';
import { VARIANTS } from './variants.ts';
import { warmStart } from './warm-start.ts';

/** Everything the loop needs; it names no backend and no domain. */
export interface CoevolutionInput {
  config: RunConfig;
  domain: Domain;
  agent: TrainableAgent;
  simulator: TrainableSimulator;
  store: CoevolutionStore;
  /** Offline variant: a teacher simulator, or a dataset of specs. */
  teacher?: EnvironmentPolicy;
  offlineSpecs?: unknown[];
  onEvent?: EventSink;
}

/**
 * The GenEnv co-evolution loop (paper Algorithm 1) and its variants. Epoch 0 is the warm start and an
 * evaluation before any co-evolution update; epochs 1..E generate, roll out, assess, update both players
 * and commit. Every epoch commits atomically; a run resumes from its last committed epoch.
 */
export async function runCoevolution(input: CoevolutionInput): Promise<RunSummary> {
  const run = runContext(input);
  const last = run.store.lastCommittedEpoch();
  run.emit({ type: 'run-start', epochs: run.config.epochs, startEpoch: last === null ? 0 : last + 1 });
  let synthetic: number;
  if (last === null) {
    run.emit({ type: 'phase', epoch: 0, phase: 'warm-start' });
    const startedAt = performance.now();
    const extra = await warmStart(run);
    synthetic = await runEpoch(run, { epoch: 0, syntheticSamples: 0, extra, startedAt });
  } else {
    synthetic = await restore(run, last);
  }
  for (let epoch = (last ?? 0) + 1; epoch <= run.config.epochs; epoch++) {
    synthetic = await runEpoch(run, { epoch, syntheticSamples: synthetic, extra: {}, startedAt: performance.now() });
  }
  const summary = run.store.writeOutputs(runIdentity(run));
  run.emit({ type: 'run-end', wallSeconds: summary.wallSeconds });
  return summary;
}

function runContext(input: CoevolutionInput): RunContext {
  const { config, domain } = input;
  return {
    ...input,
    plan: VARIANTS[config.variant],
    streams: new RandomStreams(config.seed),
    seeds: domain.seeds(),
    heldOut: domain.heldOutSets(),
    emit: input.onEvent ?? (() => {}),
  };
}

/** Loads both players from the last committed epoch's checkpoint; returns the synthetic samples used so far. */
async function restore(run: RunContext, last: number): Promise<number> {
  const checkpoint = run.store.checkpointOf(last);
  if (checkpoint === null) throw new GenEnvError('resume', `epoch ${last} has no checkpoint`);
  await run.agent.load(join(run.store.directory, checkpoint, 'agent'));
  await run.simulator.load(join(run.store.directory, checkpoint, 'simulator'));
  return run.store.metrics().at(-1)?.syntheticSamples ?? 0;
}
