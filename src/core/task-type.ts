import type { Proposal, RolloutGroup, SimulatorContext, TaskInstance } from '../interfaces/index.ts';
import type { ProposalRecord, TraceRecord } from '../store/records.ts';

/** A valid task type: a spec with its n verified variations. */
export interface TaskType {
  record: ProposalRecord;
  spec: unknown;
  instances: TaskInstance[];
  /** Present when a simulator proposed it (needed for RWR). */
  context: SimulatorContext | null;
  proposal: Proposal | null;
}

/** A task type after the agent attempted it: one GRPO group per variation, and its p̂. */
export interface AttemptedTaskType extends TaskType {
  groups: RolloutGroup[];
  traces: TraceRecord[];
  successes: number;
  attempts: number;
  /** p̂ by the configured estimator. */
  successRate: number;
  envReward: number;
  inBand: boolean;
}
