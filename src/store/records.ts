import type { Completion, EpochMetrics, Features, TaskInstance } from '../interfaces/index.ts';

/** A task type as stored: a proposal with its verdict and, once attempted, its p̂ and R_env. */
export interface ProposalRecord {
  id: string;
  epoch: number;
  source: 'simulator' | 'static-pool' | 'static' | 'seed' | 'offline' | 'replay';
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
