import type { EpochMetrics, RunSummary } from './summary.ts';
import type { Completion, Features, TaskInstance } from './task.ts';

/**
 * What a run stores (docs/design.md §5.4): task types with their verdicts, instances, traces and the pools, one
 * epoch at a time. The loop builds these records only when it commits an epoch; `CoevolutionStore` is the
 * small interface it commits them through (the SQLite run directory implements it).
 */

/** Where a task type came from. */
/** One GRPO group's outcome on a stored task type: the instance's rollouts. */
export interface GroupOutcome {
  epoch: number;
  /** The task type's spec (JSON as stored). */
  spec: unknown;
  /** Successful rollouts, ≤ attempts. */
  successes: number;
  /** Rollouts of the instance (G), ≥ 1. */
  attempts: number;
}

export type TaskSource =
  | 'simulator'
  | 'static-pool'
  | 'static'
  | 'seed'
  | 'offline'
  | 'uniform'
  | 'dynamic'
  | 'selector'
  | 'frontier'
  | 'replay';

/** A task type as stored: a proposal with its verdict and, once attempted, its p̂ and R_env. */
export interface ProposalRecord {
  id: string;
  epoch: number;
  source: TaskSource;
  contextId: string | null;
  seedId: string | null;
  family: string | null;
  raw: string;
  spec: unknown | null;
  sample: unknown | null;
  valid: boolean;
  reason: string | null;
  successRate: number | null;
  envReward: number | null;
  inBand: boolean | null;
  weight: number | null;
  features: Features | null;
  simulatorVersion: string | null;
  agentVersion: string | null;
}

export interface InstanceRecord {
  proposalId: string;
  epoch: number;
  instance: TaskInstance;
}

export interface TraceRecord {
  epoch: number;
  proposalId: string;
  instanceId: string;
  sample: number;
  completion: Completion;
  reward: number;
  success: boolean;
  invalid: string | null;
  agentVersion: string;
  /** Goes into D_train. */
  train: boolean;
}

export interface PoolEnvRecord {
  proposalId: string;
  weight: number;
  envReward: number;
  successRate: number;
}

/** Everything one epoch writes; committed atomically. */
export interface EpochCommit {
  epoch: number;
  metrics: EpochMetrics;
  checkpoint: string | null;
  agentVersion: string;
  simulatorVersion: string;
  wallSeconds: number;
  proposals: ProposalRecord[];
  instances: InstanceRecord[];
  traces: TraceRecord[];
  poolEnv: PoolEnvRecord[];
}

/** A successful trace in D_train: the instance attempted and the completion text that solved it. */
export interface SuccessfulTrace {
  instance: TaskInstance;
  text: string;
}

/** D_train's distinct task instances before an epoch, oldest first; each is parsed when it is asked for. */
export interface TrainPool {
  /** How many instances the pool holds. */
  readonly size: number;
  /** The instance at `index` (0 ≤ index < size), a fresh object on every call. */
  instance(index: number): TaskInstance;
}

/** Recent outcomes of a task family, before a given epoch. */
export interface FamilyHistory {
  /** Task types of the family attempted so far. */
  taskTypes: number;
  /** Mean p̂ of the family's most recent task types, in [0, 1]; null before any attempt. */
  recentSuccess: number | null;
}

/** The store as the co-evolution loop sees it: read the pools, commit an epoch atomically. */
export interface CoevolutionStore {
  /** The run directory (checkpoints are written under it). */
  readonly directory: string;
  /** The last epoch committed, or null for a new run. */
  lastCommittedEpoch(): number | null;
  /** The checkpoint folder (relative to `directory`) of a committed epoch, or null. */
  checkpointOf(epoch: number): string | null;
  /** Outcomes of a family's task types of epochs before `beforeEpoch`, over its last `window` task types. */
  familyStatistics(family: string, beforeEpoch: number, window: number): FamilyHistory;
  /** The task types stored for an epoch, optionally of one source, in insertion order. */
  proposals(epoch: number, source?: TaskSource): ProposalRecord[];
  /** Distinct task instances behind D_train traces of epochs before `beforeEpoch`, oldest first. */
  trainPool(beforeEpoch: number): TrainPool;
  /** GRPO groups on valid task types of `sources` before `beforeEpoch` (the frontier sampler's evidence). */
  groupOutcomes(beforeEpoch: number, sources: readonly TaskSource[]): GroupOutcome[];
  /** One successful D_train trace per task instance (the earliest), oldest first. */
  successfulTraces(): SuccessfulTrace[];
  poolSizes(): { train: number; env: number };
  /** Metrics of the committed epochs, epoch 0 first. */
  metrics(): EpochMetrics[];
  /** Writes everything one epoch produced in one transaction. */
  commit(commit: EpochCommit): void;
  /** Renders metrics.jsonl and summary.json from the committed epochs. */
  writeOutputs(identity: Pick<RunSummary, 'preset' | 'seed' | 'variant' | 'domain'>): RunSummary;
  /** Keeps every `every`-th checkpoint and the latest one. */
  pruneCheckpoints(every: number): void;
}

/** The checkpoint folder of an epoch, relative to the run directory: `checkpoints/epoch-0003`. */
export function checkpointName(epoch: number): string {
  return `checkpoints/epoch-${String(epoch).padStart(4, '0')}`;
}
