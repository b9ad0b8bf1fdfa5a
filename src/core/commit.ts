import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkpointName,
  type EpochCommit,
  type EpochMetrics,
  type PoolEnvRecord,
  type ProposalRecord,
} from '../interfaces/index.ts';
import { writeDirectoryAtomic } from '../util/files.ts';
import type { GeneratedEpoch } from './generate.ts';
import { agentLabel, type RunContext, simulatorLabel } from './run-context.ts';
import type { Assessment, AssessedTaskType, RejectedProposal, TaskType } from './task-type.ts';

/** Where a stored task type stands: its epoch, and the agent version that attempted (or would attempt) it. */
interface Stamp {
  epoch: number;
  agentVersion: string;
}

/** The stored form of a valid task type, with its assessment once attempted. */
export function taskTypeRecord(taskType: TaskType, assessment: Assessment | null, stamp: Stamp): ProposalRecord {
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
export function rejectedRecord(rejected: RejectedProposal, stamp: Stamp): ProposalRecord {
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

export interface EpochOutcome {
  stamp: Stamp;
  tasks: GeneratedEpoch;
  /** This epoch's generated task types, assessed. */
  generated: AssessedTaskType[];
  /** Replayed and base task types, attempted (they train the agent, not the simulator). */
  extras: AssessedTaskType[];
  metrics: EpochMetrics;
  wallSeconds: number;
}

/** Everything an epoch stores, in the order rows are written (statistics read them back in that order). */
export function epochCommit(run: RunContext, outcome: EpochOutcome, checkpoint: string): EpochCommit {
  const { stamp, tasks, generated, extras } = outcome;
  const attempted = [...generated, ...extras];
  const pool = tasks.staticPool;
  const proposals = [
    ...(pool ? pool.valid.map((taskType) => taskTypeRecord(taskType, null, stamp)) : []),
    ...(pool ? pool.rejected.map((rejected) => rejectedRecord(rejected, stamp)) : []),
    ...attempted.map((taskType) => taskTypeRecord(taskType, taskType.assessment, stamp)),
    ...tasks.rejected.map((rejected) => rejectedRecord(rejected, stamp)),
  ];
  return {
    epoch: stamp.epoch,
    metrics: outcome.metrics,
    checkpoint,
    // The versions after this epoch's updates: the ones its checkpoint holds.
    agentVersion: agentLabel(run),
    simulatorVersion: simulatorLabel(run),
    wallSeconds: outcome.wallSeconds,
    proposals,
    instances: attempted.flatMap((taskType) =>
      taskType.instances.map((instance) => ({ proposalId: taskType.id, epoch: stamp.epoch, instance })),
    ),
    traces: attempted.flatMap((taskType) => taskType.traces),
    poolEnv: envPool(tasks, generated),
  };
}

/** D_env's new entries: the simulator's generations of this epoch with their weights. */
export function envPool(tasks: GeneratedEpoch, generated: readonly AssessedTaskType[]): PoolEnvRecord[] {
  if (tasks.source !== 'simulator') return [];
  return generated.map(({ id, assessment }) => ({
    proposalId: id,
    weight: assessment.weight ?? 0,
    envReward: assessment.envReward,
    successRate: assessment.successRate,
  }));
}

/** Writes both players' state to the epoch's checkpoint folder atomically; returns its relative path. */
export async function saveCheckpoint(run: RunContext, epoch: number): Promise<string> {
  const name = checkpointName(epoch);
  await writeDirectoryAtomic(join(run.store.directory, name), async (folder) => {
    mkdirSync(join(folder, 'agent'));
    mkdirSync(join(folder, 'simulator'));
    await run.agent.save(join(folder, 'agent'));
    await run.simulator.save(join(folder, 'simulator'));
  });
  return name;
}
