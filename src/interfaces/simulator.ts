import type { SeedTask } from './task.ts';

/** Recent success statistics of a task family, shown to the simulator. */
export interface FamilyStats {
  family: string;
  /** Number of task types of this family attempted so far. */
  taskTypes: number;
  /** Mean p̂ of the family's recent task types, in [0, 1]; null before any attempt. */
  recentSuccess: number | null;
}

/** A generated task type of earlier epochs with the outcome it produced, shown to the simulator. */
export interface SeenTaskType {
  spec: unknown;
  /** p̂ of the task type at its latest epoch, in [0, 1]. */
  successRate: number;
}

/** What the simulator conditions on when it proposes one task type. */
export interface SimulatorContext {
  id: string;
  seed: SeedTask;
  stats: FamilyStats;
  /** Target success rate α the simulator aims for. */
  targetSuccess: number;
  /**
   * Recent generated task types with their p̂ (history conditioning, `contextHistory`), in the order shown; absent
   * when the run shows none.
   */
  history?: readonly SeenTaskType[];
  /**
   * The specs the proposal must be one of (the edits of a frontier parent, `contextParentEdits`; the specs of the
   * knob cell the frontier sampler drew, `frontierWriter: 'simulator'`); absent when any spec will do. A simulator
   * that constrains its decoding writes one of them; a proposal outside them is rejected with its reason.
   */
  choices?: readonly unknown[];
  /** The knob values of the cell the frontier sampler drew for this context (`frontierWriter: 'simulator'`). */
  cell?: Readonly<Record<string, string | number>>;
}

/**
 * One proposed task type. `raw` is what the policy produced (text); `spec` is set when the policy
 * produced a structured value itself. `sample` is policy-private data needed to learn from this
 * proposal later (token ids, knob indices); it is stored with the proposal and handed back in updates.
 */
export interface Proposal {
  id: string;
  contextId: string;
  raw: string;
  spec?: unknown;
  sample?: unknown;
  /** Log-probability of the proposal under the policy that produced it (natural log), when known. */
  logprob?: number;
  policyVersion: string;
}
