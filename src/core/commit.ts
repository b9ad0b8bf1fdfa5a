import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkpointName,
  type EpochCommit,
  type EpochExtra,
  type EpochMetrics,
  type PoolEnvRecord,
  type ProposalRecord,
} from '../interfaces/index.ts';
import { writeDirectoryAtomic } from '../util/files.ts';
import type { EpochRecord } from './epoch-record.ts';
import { budgetMetrics, computeEpochMetrics } from './epoch-metrics.ts';
import { failpoint } from './failpoints.ts';
import { agentLabel, type RunContext, runIdentity, simulatorLabel } from './run-context.ts';
import type { Assessment, AssessedTaskType, RejectedProposal, TaskType } from './task-type.ts';

/**
 * Algorithm 1, steps 7–8: pools, metrics and both players' checkpoint, committed in one transaction; then the
 * outputs are re-rendered. The epoch's wall time runs from `startedAt` (ms, `performance.now()`) to its written
 * checkpoint. Returns the epoch's metrics.
 */
export async function commit(run: RunContext, record: EpochRecord, startedAt: number): Promise<EpochMetrics> {
  const { epoch, generated, replayAndBase, screenedOut, source } = record;
  run.emit({ type: 'phase', epoch, phase: 'commit' });
  const pools = run.store.poolSizes();
  const simulated = generated.filter((taskType) => taskType.source === 'simulator');
  const extra: EpochExtra = {
    ...record.extra,
    'pool/train': pools.train + trainTraces([...generated, ...replayAndBase, ...screenedOut]),
    'pool/env': pools.env + envGenerations(record).length,
    ...budgetMetrics(
      epoch,
      [...generated, ...screenedOut],
      run.store.metrics().at(-1)?.extra['budget/rolloutsTotal'] ?? 0,
    ),
  };
  // Diversity of the simulator's valid proposals: distinct canonical specs among this epoch's task types.
  if (source === 'simulator')
    extra['pool/distinctSpecs'] = new Set(simulated.map((taskType) => run.domain.formatSpec(taskType.spec))).size;
  const frontierCount = generated.filter((taskType) => taskType.source === 'frontier').length;
  if (frontierCount > 0) extra['pool/frontier'] = frontierCount;
  const metrics = computeEpochMetrics({
    epoch,
    taskTypes: generated,
    invalidProposals: record.rejected.length,
    heldOutAccuracy: { ...record.heldOutAccuracy },
    syntheticSamples: (run.store.metrics().at(-1)?.syntheticSamples ?? 0) + record.syntheticInstances,
    extra,
  });
  const checkpoint = await saveCheckpoint(run, epoch);
  const wallSeconds = (performance.now() - startedAt) / 1000;
  failpoint('before-commit', epoch);
  run.store.commit(epochCommit(run, record, metrics, checkpoint, wallSeconds));
  failpoint('after-commit', epoch);
  run.store.writeOutputs(runIdentity(run));
  run.store.pruneCheckpoints(run.config.checkpointEvery);
  run.emit({ type: 'epoch-end', epoch, metrics });
  return metrics;
}

const trainTraces = (taskTypes: readonly AssessedTaskType[]) =>
  taskTypes.reduce((sum, taskType) => sum + taskType.traces.filter((trace) => trace.train).length, 0);

/** Where a stored task type stands: its epoch, and the agent version that attempted (or would attempt) it. */
type Stamp = Pick<EpochRecord, 'epoch' | 'agentVersion'>;

/** The stored form of a valid task type, with its assessment once attempted. */
function taskTypeRecord(taskType: TaskType, assessment: Assessment | null, stamp: Stamp): ProposalRecord {
  const { proposal, context } = taskType;
  return {
    id: taskType.id,
    epoch: stamp.epoch,
    source: taskType.source,
    contextId: context?.id ?? null,
    seedId: context?.seed.id ?? null,
    family: taskType.family,
    raw: proposal?.raw ?? '',
    spec: taskType.spec,
    sample: proposal?.sample ?? null,
    valid: true,
    reason: null,
    successRate: assessment?.successRate ?? null,
    envReward: assessment?.envReward ?? null,
    inBand: assessment?.inBand ?? null,
    weight: assessment?.weight ?? null,
    features: taskType.features,
    simulatorVersion: proposal?.policyVersion ?? null,
    agentVersion: stamp.agentVersion,
  };
}

/** The stored form of a rejected proposal: its raw text and the reason. */
function rejectedRecord(rejected: RejectedProposal, stamp: Stamp): ProposalRecord {
  const { proposal, context } = rejected;
  return {
    id: proposal.id,
    epoch: stamp.epoch,
    source: rejected.source,
    contextId: context?.id ?? null,
    seedId: context?.seed.id ?? null,
    family: rejected.family,
    raw: proposal.raw,
    spec: rejected.spec,
    sample: proposal.sample ?? null,
    valid: false,
    reason: rejected.reason,
    successRate: null,
    envReward: null,
    inBand: null,
    weight: null,
    features: null,
    simulatorVersion: proposal.policyVersion,
    agentVersion: stamp.agentVersion,
  };
}

/** Everything an epoch stores, in the order rows are written (statistics read them back in that order). */
function epochCommit(
  run: RunContext,
  record: EpochRecord,
  metrics: EpochMetrics,
  checkpoint: string,
  wallSeconds: number,
): EpochCommit {
  const { generated, replayAndBase, screenedOut, staticPool } = record;
  const attempted = [...generated, ...replayAndBase, ...screenedOut];
  const proposals = [
    ...(staticPool ? staticPool.valid.map((taskType) => taskTypeRecord(taskType, null, record)) : []),
    ...(staticPool ? staticPool.rejected.map((rejected) => rejectedRecord(rejected, record)) : []),
    ...attempted.map((taskType) => taskTypeRecord(taskType, taskType.assessment, record)),
    ...record.rejected.map((rejected) => rejectedRecord(rejected, record)),
  ];
  return {
    epoch: record.epoch,
    metrics,
    checkpoint,
    // The versions after this epoch's updates: the ones its checkpoint holds.
    agentVersion: agentLabel(run),
    simulatorVersion: simulatorLabel(run),
    wallSeconds,
    proposals,
    instances: attempted.flatMap((taskType) =>
      taskType.instances.map((instance) => ({ proposalId: taskType.id, epoch: record.epoch, instance })),
    ),
    traces: attempted.flatMap((taskType) => taskType.traces),
    poolEnv: envPool(record),
  };
}

/**
 * D_env's entries of an epoch: every generated task type of a simulator epoch, the simulator's own and the frontier
 * sampler's draws beside them, which train the simulator too.
 */
const envGenerations = (record: EpochRecord) => (record.source === 'simulator' ? record.generated : []);

/** D_env's new entries: the epoch's generations with their weights. */
function envPool(record: EpochRecord): PoolEnvRecord[] {
  return envGenerations(record).map(({ id, assessment }) => ({
    proposalId: id,
    weight: assessment.weight ?? 0,
    envReward: assessment.envReward,
    successRate: assessment.successRate,
  }));
}

/** Writes both players' state to the epoch's checkpoint folder atomically; returns its relative path. */
async function saveCheckpoint(run: RunContext, epoch: number): Promise<string> {
  const name = checkpointName(epoch);
  await writeDirectoryAtomic(join(run.store.directory, name), async (folder) => {
    mkdirSync(join(folder, 'agent'));
    mkdirSync(join(folder, 'simulator'));
    await run.agent.save(join(folder, 'agent'));
    await run.simulator.save(join(folder, 'simulator'));
  });
  return name;
}
