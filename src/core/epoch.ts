import type { Phase } from '../interfaces/index.ts';
import { assessTaskTypes } from './assess.ts';
import { epochCommit, saveCheckpoint } from './commit.ts';
import { computeEpochMetrics } from './epoch-metrics.ts';
import { evaluateHeldOut } from './evaluate.ts';
import { failpoint } from './failpoints.ts';
import { type GeneratedEpoch, generate } from './generate.ts';
import { attemptTaskTypes } from './rollout.ts';
import { agentLabel, runIdentity, type RunContext } from './run-context.ts';
import type { AssessedTaskType } from './task-type.ts';
import { updateAgent, updateSimulator } from './update.ts';
import { countsAsSynthetic } from './variants.ts';

/** What an epoch starts from. */
export interface EpochStart {
  epoch: number;
  /** Synthetic task instances trained on before this epoch. */
  syntheticSamples: number;
  /** Metrics gathered before the epoch (the warm start's, for epoch 0). */
  extra: Record<string, number>;
  /** When the epoch's clock started (ms, `performance.now()`); epoch 0's includes the warm start. */
  startedAt: number;
}

/** The state an epoch builds up, phase by phase. */
export interface EpochState {
  epoch: number;
  /** The agent's version before this epoch's update: the one that attempted its tasks. */
  agentVersion: string;
  tasks: GeneratedEpoch;
  /** This epoch's generated task types, attempted and assessed (they train both players). */
  generated: AssessedTaskType[];
  /** Replayed and base task types, attempted and assessed (they train the agent only). */
  extras: AssessedTaskType[];
  /** Metrics beyond the DESIGN fields, in the order phases add them. */
  extra: Record<string, number>;
  syntheticSamples: number;
}

/**
 * One epoch of Algorithm 1: generate → roll out → assess → update → evaluate → commit. Epoch 0 generates,
 * rolls out and evaluates without updating either player. Returns the synthetic samples used so far.
 */
export async function runEpoch(run: RunContext, start: EpochStart): Promise<number> {
  const { epoch } = start;
  const phase = (name: Phase) => run.emit({ type: 'phase', epoch, phase: name });
  const agentVersion = agentLabel(run);
  phase('generate');
  const tasks = await generate(run, epoch);
  const extra = { ...start.extra };
  if (tasks.staticPool) extra['pool/staticInvalid'] = tasks.staticPool.rejected.length;
  phase('rollout');
  const { generated, extras } = await rollOut(run, epoch, tasks, agentVersion);
  const state: EpochState = {
    epoch,
    agentVersion,
    tasks,
    generated,
    extras,
    extra,
    syntheticSamples: start.syntheticSamples,
  };
  if (epoch > 0) await update(run, state, phase);
  phase('evaluate');
  const { agent, domain, heldOut, config } = run;
  const heldOutAccuracy = await evaluateHeldOut(
    agent,
    domain,
    heldOut,
    run.streams.heldOut(epoch),
    config.heldOutLimit,
  );
  phase('commit');
  await commitEpoch(run, state, heldOutAccuracy, () => (performance.now() - start.startedAt) / 1000);
  return state.syntheticSamples;
}

/** Steps 3–4: rollouts of the generated task types and of the D_train extras, each assessed. */
async function rollOut(run: RunContext, epoch: number, tasks: GeneratedEpoch, agentVersion: string) {
  const settings = { epoch, agentVersion, config: run.config };
  const attempted = await attemptTaskTypes(run.agent, run.domain, tasks.generated, {
    ...settings,
    seed: run.streams.rollout(epoch),
  });
  const others = [...tasks.replay, ...tasks.base];
  const attemptedOthers = others.length
    ? await attemptTaskTypes(run.agent, run.domain, others, { ...settings, seed: run.streams.replayRollout(epoch) })
    : [];
  return {
    generated: assessTaskTypes(attempted, run.config, true),
    extras: assessTaskTypes(attemptedOthers, run.config, false),
  };
}

/** Steps 5–6: the agent learns from every rollout; the simulator, where its variant trains it, from its own. */
async function update(run: RunContext, state: EpochState, phase: (name: Phase) => void): Promise<void> {
  phase('update-agent');
  Object.assign(state.extra, await updateAgent(run, state.epoch, [...state.generated, ...state.extras]));
  if (countsAsSynthetic(state.tasks.source))
    state.syntheticSamples += state.generated.reduce((sum, taskType) => sum + taskType.instances.length, 0);
  if (run.plan.updatesSimulator) {
    phase('update-simulator');
    Object.assign(state.extra, await updateSimulator(run, state.epoch, state.generated));
  }
}

/**
 * Steps 7–8: pools, metrics and checkpoint, committed in one transaction; then the outputs are re-rendered.
 * `wallSeconds` is read once the checkpoint is written (the epoch's time includes it). Shared with `genenv serve`.
 */
export async function commitEpoch(
  run: RunContext,
  state: EpochState,
  heldOutAccuracy: Record<string, number>,
  wallSeconds: () => number,
): Promise<void> {
  const { epoch, tasks, generated, extras, extra } = state;
  const pools = run.store.poolSizes();
  extra['pool/train'] = pools.train + trainTraces([...generated, ...extras]);
  extra['pool/env'] = pools.env + (tasks.source === 'simulator' ? generated.length : 0);
  // Diversity of the simulator's valid proposals: distinct canonical specs among this epoch's task types.
  if (tasks.source === 'simulator')
    extra['pool/distinctSpecs'] = new Set(generated.map((taskType) => run.domain.formatSpec(taskType.spec))).size;
  const metrics = computeEpochMetrics({
    epoch,
    taskTypes: generated,
    invalidProposals: tasks.rejected.length,
    heldOutAccuracy,
    syntheticSamples: state.syntheticSamples,
    extra,
  });
  const checkpoint = await saveCheckpoint(run, epoch);
  const stamp = { epoch, agentVersion: state.agentVersion };
  const outcome = { stamp, tasks, generated, extras, metrics, wallSeconds: wallSeconds() };
  failpoint('before-commit', epoch);
  run.store.commit(epochCommit(run, outcome, checkpoint));
  failpoint('after-commit', epoch);
  run.store.writeOutputs(runIdentity(run));
  run.store.pruneCheckpoints(run.config.checkpointEvery);
  run.emit({ type: 'epoch-end', epoch, metrics });
}

const trainTraces = (taskTypes: readonly AssessedTaskType[]) =>
  taskTypes.reduce((sum, taskType) => sum + taskType.traces.filter((trace) => trace.train).length, 0);
