import type {
  Features,
  Proposal,
  RolloutGroup,
  SimulatorContext,
  TaskInstance,
  TaskSource,
  TraceRecord,
} from '../interfaces/index.ts';

/** A valid task type: a spec with its n verified variations, and where it came from. */
export interface TaskType {
  id: string;
  source: TaskSource;
  family: string;
  features: Features;
  instances: TaskInstance[];
  /** The validated spec; null for a replayed D_train instance, which carries no spec of its own. */
  spec: unknown;
  /** The proposal it was parsed from; null for a replayed instance. */
  proposal: Proposal | null;
  /** The simulator context it answered, when the proposal had one (RWR learns from context → proposal). */
  context: SimulatorContext | null;
}

/** A proposal that failed validation: kept with its reason, never rewarded. */
export interface RejectedProposal {
  proposal: Proposal;
  context: SimulatorContext | null;
  source: TaskSource;
  /** Set when the spec parsed but could not be instantiated. */
  spec: unknown;
  family: string | null;
  reason: string;
}

/** A task type after the agent attempted it: one GRPO group per variation. */
export interface AttemptedTaskType extends TaskType {
  groups: RolloutGroup[];
  traces: TraceRecord[];
  /** Successful attempts, ≤ attempts. */
  successes: number;
  /** Attempts: variations × samples, ≥ 1. */
  attempts: number;
}

/** What the loop learns about one attempted task type (Algorithm 1, step 4, and the RWR weight of step 6). */
export interface Assessment {
  /** p̂ by the configured estimator, in [0, 1]. */
  successRate: number;
  /** R_env of p̂, in [0, 1]. */
  envReward: number;
  /** |p̂ − α| ≤ k_min. */
  inBand: boolean;
  /** RWR weight (0 when filtered out); null for task types that do not train the simulator (replay, base data). */
  weight: number | null;
}

export interface AssessedTaskType extends AttemptedTaskType {
  assessment: Assessment;
}
