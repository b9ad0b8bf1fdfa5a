import type { EpochExtra, TaskSource } from '../interfaces/index.ts';
import { agentLabel, type RunContext } from './run-context.ts';
import type { AssessedTaskType, RejectedProposal, TaskType } from './task-type.ts';
import type { ValidationResult } from './validate.ts';

/**
 * One epoch of Algorithm 1 as its phases build it up: `openEpoch` starts it, generate adds its task types, attempt
 * their rollouts, assess p̂, R_env and the RWR weights, update the players' statistics and the synthetic count,
 * evaluate the held-out accuracy, and commit stores it. Each phase returns the record with its part added; `T` is
 * how far the task types have come (`TaskType` → `AttemptedTaskType` → `AssessedTaskType`).
 */
export interface EpochRecord<T extends TaskType = AssessedTaskType> {
  readonly epoch: number;
  /** The agent's version before this epoch's update: the one that attempts its tasks, stamped on its traces. */
  readonly agentVersion: string;
  /**
   * Metrics beyond the fixed fields, namespaced (`agent/…`, `simulator/…`, `pool/…`, `warmstart/…`; the vocabulary of
   * `interfaces/metrics.ts`), in the order the phases add them: summary.json's and metrics.jsonl's `extra`.
   */
  readonly extra: Readonly<EpochExtra>;
  /** Generate: where this epoch's task types came from. */
  readonly source: TaskSource;
  /** Generate: the static variant's whole pool (epoch 0 only), else null. */
  readonly staticPool: ValidationResult | null;
  /** Generate: this epoch's valid task types; their p̂ and R_env are the curriculum's signal. */
  readonly generated: readonly T[];
  /** Generate: the proposals that failed validation, with their reasons; they get no reward. */
  readonly rejected: readonly RejectedProposal[];
  /**
   * Generate: the task types attempted beside the generated ones to train the agent only (never the simulator, never
   * p̂ of a proposal): replayed D_train instances, then base data.
   */
  readonly replayAndBase: readonly T[];
  /**
   * Attempt: task types the dynamic variant screened out (one variation attempted, outcomes all alike): stored with
   * their rollouts, never trained on and not counted in the epoch's curriculum figures. Empty for every other variant.
   */
  readonly screenedOut: readonly T[];
  /** Update: synthetic task instances the agent trained on in this epoch (0 before the update, and at epoch 0). */
  readonly syntheticInstances: number;
  /** Evaluate: greedy accuracy per held-out set, in [0, 1] (none when the agent is an external trainer). */
  readonly heldOutAccuracy: Readonly<Record<string, number>>;
}

/**
 * Opens epoch `epoch`: nothing generated yet. `extra` holds metrics gathered before it (the warm start's, for epoch
 * 0); `agentVersion` defaults to the run's agent as it stands now.
 */
export function openEpoch(
  run: RunContext,
  epoch: number,
  options: { extra?: EpochExtra; agentVersion?: string } = {},
): EpochRecord<TaskType> {
  return {
    epoch,
    agentVersion: options.agentVersion ?? agentLabel(run),
    extra: { ...options.extra },
    source: epoch === 0 ? run.plan.epochZeroSource : run.plan.source,
    staticPool: null,
    generated: [],
    rejected: [],
    replayAndBase: [],
    screenedOut: [],
    syntheticInstances: 0,
    heldOutAccuracy: {},
  };
}
