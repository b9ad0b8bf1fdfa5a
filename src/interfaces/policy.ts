import type {
  AgentUpdateStats,
  AgentWarmStartStats,
  SimulatorUpdateStats,
  SimulatorWarmStartStats,
} from './metrics.ts';
import type { SimulatorContext, Proposal } from './simulator.ts';
import type { AgentPrompt, Completion } from './task.ts';

export interface SampleOptions {
  /** Completions per prompt (GRPO group size G), ≥ 1. */
  samples: number;
  /** Seed for this call's randomness; the same seed gives the same completions. */
  seed: number;
  /** Sampling temperature ≥ 0 (0 = greedy). */
  temperature?: number;
  /** Nucleus sampling mass in (0, 1]. */
  topP?: number;
}

/** π_agent: prompts → completions. Result is [prompt][sample]. */
export interface AgentPolicy {
  readonly name: string;
  act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]>;
  /**
   * Resolves once the policy's backend answers (its server reached, its key accepted); rejects with a PolicyError
   * naming the backend otherwise. A run calls it before it writes anything. A policy with nothing to reach has none.
   */
  ready?(): Promise<void>;
  /** Frees workers, sockets, ... Idempotent. */
  close?(): Promise<void>;
}

/**
 * π_env, the paper's environment policy (the simulator): contexts → one proposal per context. `TrainableSimulator` is
 * one that also learns.
 */
export interface SimulatorPolicy {
  readonly name: string;
  propose(contexts: SimulatorContext[], options: Omit<SampleOptions, 'samples'>): Promise<Proposal[]>;
  /** As `AgentPolicy.ready`: resolves once the backend answers. */
  ready?(): Promise<void>;
  close?(): Promise<void>;
}

/** A group of G completions of one prompt with their rewards in [0, 1]: the unit of GRPO. */
export interface RolloutGroup {
  prompt: AgentPrompt;
  completions: Completion[];
  rewards: number[];
}

export interface AgentUpdateBatch {
  groups: RolloutGroup[];
  /**
   * Supervised pairs sampled from D_train (paper §2.3: the agent keeps learning from the accumulated
   * pool): past successful traces and base data with its reference answers. Trained by SFT in the same
   * update; absent or empty when the run's `rehearsal` is 0.
   */
  rehearsal?: AgentDemonstration[];
}

/** One weighted simulator generation: the unit of RWR. */
export interface SimulatorRecord {
  context: SimulatorContext;
  proposal: Proposal;
  /** Canonical compact text of the proposal's spec (what a text simulator is trained to write). */
  target: string;
  /** p̂ of the task type, R_env, and the RWR weight (≥ 0) derived from them. */
  successRate: number;
  envReward: number;
  weight: number;
}

export interface SimulatorUpdateBatch {
  records: SimulatorRecord[];
}

/** Supervised pair for warm starts. */
export interface AgentDemonstration {
  prompt: AgentPrompt;
  target: string;
}
export interface SimulatorDemonstration {
  context: SimulatorContext;
  target: string;
  spec: unknown;
}

/** The split of the seed-task instances a warm start never trains on, which it may check itself on. */
export interface WarmStartValidation {
  /** Greedy accuracy of the policy as it stands on the split, by the domain's scorer, in [0, 1]. */
  accuracy(): Promise<number>;
}

/** What a warm start is given besides its demonstrations. */
export interface WarmStartOptions {
  seed: number;
  /** A policy that checks itself on this split decides there how long it trains; others leave it. */
  validation?: WarmStartValidation;
}

/**
 * A policy that learns. `version` counts completed updates (warm start included). Its warm start and updates return
 * their statistics by the vocabulary's names (`metrics.ts`); the loop logs them under the player's namespace.
 */
export interface Trainable<Batch, Demonstration, WarmStartStats, UpdateStats> {
  readonly version: number;
  /** Supervised warm start (SFT) on demonstrations. */
  warmStart(demonstrations: Demonstration[], options: WarmStartOptions): Promise<WarmStartStats>;
  /** One update: GRPO for the agent, RWR for the simulator. An empty batch is a no-op. */
  update(batch: Batch, options: { seed: number }): Promise<UpdateStats>;
  /** Writes the full state (weights, optimiser, config) under `dir`, which exists and is empty. */
  save(dir: string): Promise<void>;
  /** Restores exactly what `save` wrote. */
  load(dir: string): Promise<void>;
}

export type TrainableAgent = AgentPolicy &
  Trainable<AgentUpdateBatch, AgentDemonstration, AgentWarmStartStats, AgentUpdateStats>;
export type TrainableSimulator = SimulatorPolicy &
  Trainable<SimulatorUpdateBatch, SimulatorDemonstration, SimulatorWarmStartStats, SimulatorUpdateStats>;
