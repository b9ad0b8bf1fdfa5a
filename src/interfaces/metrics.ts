/**
 * The metric vocabulary: every name a run or `genenv train` writes to metrics.csv, the namespaced ones also to the
 * `extra` map of metrics.jsonl and summary.json. Each table maps a name to its unit as docs/metrics.md writes it (a
 * test keeps the page and these tables equal), and its doc comment says what it measures. The players' statistics are
 * typed by these names, so a backend cannot invent one: a new figure is a new line here and in docs/metrics.md, and a
 * quantity two backends measure has one name.
 */

/** Values by metric name; a name left out was not measured. */
export type MetricValues<Name extends string> = { [Key in Name]?: number };

/** What a training step through the trainer hook reports, for the agent and the simulator alike. */
export const HOOK_TRAINING_METRICS = {
  /** Wall time of the trainer hook's command. */
  trainerSeconds: 'seconds',
  /** Rows exported to the trainer hook (the GRPO, weighted SFT and SFT sets of the step). */
  exportedRows: 'count',
} as const;

/**
 * The epoch's own scalars: metrics.csv's names for the fixed fields of metrics.jsonl (`EpochMetricsSchema`), which
 * the loop computes for every run whatever its players. `<…>` stands for a part of the name (a set, a feature, a
 * level).
 */
export const EPOCH_METRICS = {
  /** Epoch number; 0 is the evaluation right after the warm start, before any update. */
  epoch: '—',
  /** The agent's mean success over the rollouts of the epoch's generated task types. */
  'agent/successRate': 'share, [0, 1]',
  /** Mean GRPO reward of those rollouts. */
  'agent/reward': 'reward, [0, 1]',
  /** Mean length of the agent's completions on them. */
  'agent/responseLength': 'characters',
  /** Mean R_env = exp(−β(p̂ − α)²) over the valid generated task types. */
  'curriculum/envReward': '[0, 1]',
  /** Share of valid task types with |p̂ − α| ≤ k_min. */
  'curriculum/inBandFraction': 'share, [0, 1]',
  /** Share of task types every rollout solved. */
  'curriculum/solvedFraction': 'share, [0, 1]',
  /** Share of task types no rollout solved. */
  'curriculum/unsolvedFraction': 'share, [0, 1]',
  /** 1 − solved − unsolved: task types with both outcomes, the groups GRPO learns from. */
  'curriculum/mixedFraction': 'share, [0, 1]',
  /** Valid generated task types assessed this epoch. */
  'curriculum/taskTypes': 'count',
  /** Simulator proposals rejected by validation. */
  'curriculum/invalidProposals': 'count',
  /** Valid task types whose `difficulty` feature rounds to level n. */
  'curriculum/level-<n>': 'count',
  /** Mean of a difficulty feature over the valid task types (per domain). */
  'complexity/<feature>': "the feature's unit",
  /** Greedy accuracy on a held-out set, on the epochs that evaluate it. */
  'heldout/<set>': 'share, [0, 1]',
  /** Synthetic task instances the agent has trained on so far (cumulative). */
  'data/syntheticSamples': 'count',
  /** Wall time of the epoch, generation to committed checkpoint (from run.sqlite). */
  'time/epochSeconds': 'seconds',
  /** Wall time of all committed epochs up to this one (resumes add up; time between them does not count). */
  'time/elapsedSeconds': 'seconds',
} as const;

/** An agent's update statistics, logged as `agent/<name>`: the built-in agent's GRPO, the student's, the hook's. */
export const AGENT_UPDATE_METRICS = {
  /** GRPO objective of the update, mean over its minibatch steps. */
  loss: 'loss',
  /** Clipped-ratio policy term of that objective. */
  policyLoss: 'loss',
  /** KL to the reference (post-warm-start) policy. */
  kl: 'nats per token',
  /** Mean token entropy of the trained rollouts under the policy. */
  entropy: 'nats per token',
  /** Share of tokens whose importance ratio was clipped. */
  clipFraction: 'share, [0, 1]',
  /** Mean gradient norm before clipping. */
  gradientNorm: '—',
  /** The largest gradient norm before clipping among the update's optimiser steps. */
  gradientNormMax: '—',
  /** The largest per-token KL estimate of the update (k3 is bounded at 10). */
  klMax: 'nats',
  /** Tokens whose KL estimate the bound cut (k3 above 10), summed over the update's steps: no KL gradient on them. */
  klClampedTokens: 'count',
  /** Mean reward of the rollouts it trained on: generated, replayed and seed task types. */
  rewardMean: 'reward, [0, 1]',
  /** Rollouts with a non-zero advantage: the learning signal. */
  sequencesWithSignal: 'count',
  /** Groups given a guide (an off-policy reference answer). */
  guided: 'count',
  /** Optimiser steps of the update. */
  steps: 'count',
  /** Optimiser steps of the supervised rehearsal after GRPO. */
  rehearsalSteps: 'count',
  /** Cross-entropy of the rehearsal's first step. */
  rehearsalFirstLoss: 'nats per token',
  /** Cross-entropy of the rehearsal's last step. */
  rehearsalLastLoss: 'nats per token',
  /** The simulated student's ability. */
  ability: 'logits',
  /** Mean over groups of 4·Var(reward): 1 for a half-and-half group, 0 for a uniform one. */
  learningSignal: '[0, 1]',
  ...HOOK_TRAINING_METRICS,
} as const;

/**
 * A simulator's update statistics, logged as `simulator/<name>`: the built-in simulator's RWR, the parametric one's,
 * the in-context one's exemplar pool, the hook's; `records` and `inBand` are the loop's, for every trained simulator.
 */
export const SIMULATOR_UPDATE_METRICS = {
  /** Task types that trained it (weight > 0; the built-in and parametric ones count those they could use). */
  records: 'count',
  /** Of the epoch's task types, those in the band. */
  inBand: 'count',
  /** RWR objective of its last step. */
  loss: 'loss',
  /** KL to the warm-started simulator (built-in: estimated on its last step's tokens; parametric: exact). */
  klToInitial: 'nats',
  /** KL(after ‖ before) of this update, kept under `klCap`. */
  updateKl: 'nats',
  /** Step scale kept under the KL cap (built-in: 1, ½, ¼, ⅛, or 0 when undone; parametric: by bisection). */
  scale: '[0, 1]',
  /** 1 when the update was undone (still over the KL cap at ⅛ of the step). */
  stopped: 'flag, 0 or 1',
  /** Optimiser steps of the update. */
  steps: 'count',
  /** Entropy of its proposals (built-in: per token at the proposals' positions; parametric: of the knob draw). */
  entropy: 'nats',
  /** Weighted mean log-probability of its records' tokens before the update. */
  logprobBefore: 'nats per token',
  /** The same after the update. */
  logprobAfter: 'nats per token',
  /** Exemplars in its pool. */
  exemplars: 'count',
  /** Mean RWR weight of the update's records. */
  meanWeight: 'weight',
  ...HOOK_TRAINING_METRICS,
} as const;

/** The supervised warm start's figures, the built-in agent's and simulator's alike. */
export const SUPERVISED_WARM_START_METRICS = {
  /** Optimiser steps of the supervised warm start (of the weights it kept, where it checked a validation split). */
  sftSteps: 'count',
  /** Cross-entropy of its first step. */
  sftFirstLoss: 'nats per token',
  /** Cross-entropy of its last step. */
  sftLastLoss: 'nats per token',
  /** Scored tokens, summed over its steps. */
  sftTokens: 'count',
} as const;

/** What a supervised warm start that checks a validation split adds (the built-in agent's, `warmStartCheckSteps`). */
export const CHECKED_WARM_START_METRICS = {
  /** Optimiser steps it took, kept or not. */
  sftStepsTaken: 'count',
  /** Checks of its greedy accuracy on the validation split. */
  sftChecks: 'count',
  /** Its best check's greedy accuracy on the validation split: the weights it kept. */
  sftValidationAccuracy: 'share, [0, 1]',
} as const;

/** An agent's warm-start statistics, logged at epoch 0 as `warmstart/agent/<name>`. */
export const AGENT_WARM_START_METRICS = {
  ...SUPERVISED_WARM_START_METRICS,
  ...CHECKED_WARM_START_METRICS,
  /** The simulated student's ability after the warm start. */
  ability: 'logits',
  ...HOOK_TRAINING_METRICS,
} as const;

/** A simulator's warm-start statistics, logged at epoch 0 as `warmstart/simulator/<name>`. */
export const SIMULATOR_WARM_START_METRICS = {
  ...SUPERVISED_WARM_START_METRICS,
  /** Demonstrations it read back as knob values. */
  demonstrations: 'count',
  /** Entropy of its knob draw after the warm start. */
  entropy: 'nats',
  /** Exemplars in its pool. */
  exemplars: 'count',
} as const;

/** The warm start's own figures, logged at epoch 0 as `warmstart/<name>`. */
export const WARM_START_METRICS = {
  /** The agent's warm-start demonstrations it trained on (the validation split's left out). */
  demonstrations: 'count',
  /** Seed-task instances held out from the agent's warm start to check it on (`warmStartValidation`). */
  validationInstances: 'count',
  /** The warm-started agent's greedy accuracy on that split, by the domain's scorer. */
  validationAccuracy: 'share, [0, 1]',
} as const;

/** The pools and the epoch's sources, logged as `pool/<name>` by the loop. */
export const POOL_METRICS = {
  /** D_train: training traces stored so far. */
  train: 'count',
  /** D_env: simulator task types stored so far. */
  env: 'count',
  /** Distinct canonical specs among the epoch's valid task types (simulator-sourced epochs). */
  distinctSpecs: 'count',
  /** Task types the frontier sampler drew this epoch (`frontierShare` > 0). */
  frontier: 'count',
  /** Supervised pairs drawn for this update (`rehearsal` > 0). */
  rehearsal: 'count',
  /** Invalid proposals of the static pool (static variant, epoch 0). */
  staticInvalid: 'count',
  /** Uniform draws the dynamic variant screened this epoch, kept or not. */
  screened: 'count',
  /** Screened draws whose outcomes were all alike: stored, not trained on (dynamic variant). */
  screenedOut: 'count',
  /** Rollouts on the epoch's generated task types, screens included (dynamic variant; ≤ tasksPerEpoch × n × G). */
  rollouts: 'count',
} as const;

/**
 * The rollout budget, logged as `budget/<name>` by the loop for every variant: what a comparison divides by to say how
 * many rollouts a variant took to reach an accuracy.
 */
export const BUDGET_METRICS = {
  /**
   * Rollouts on the epoch's generated task types: screens and screened-out draws included, replayed and base task
   * types not (every variant spends those alike).
   */
  rollouts: 'count',
  /** Those of epochs 1 … t summed (0 at epoch 0, the warm start's evaluation, which every variant spends alike). */
  rolloutsTotal: 'count',
} as const;

/** What a served run adds, logged as `serve/<name>` by `genenv serve`. */
export const SERVE_METRICS = {
  /** Attempts the epoch's round handed out: its task instances × G. */
  attempts: 'count',
} as const;

/** What only `genenv train --serve` sees, logged as `trainer/<name>`: it has no counterpart in a run. */
export const TRAINER_METRICS = {
  /** The agent's version that attempted the epoch (its update, if any, comes after). */
  agentVersion: 'count',
  /** GRPO groups of the epoch. */
  groups: 'count',
  /** Attempts stepped (expired ones left out). */
  attempts: 'count',
  /** Claims it took (more than one when the epoch exceeds the service's session cap). */
  batches: 'count',
  /** Attempts that expired unstepped and were left out of their groups. */
  expired: 'count',
  /** Share of its attempts the service scored as successes: generated and base task types alike. */
  successRate: 'share, [0, 1]',
  /** Mean reward of its attempts. */
  reward: 'reward, [0, 1]',
} as const;

/** The served trainer's time per phase of an epoch, logged as `time/<name>`. */
export const TRAINER_TIME_METRICS = {
  /** Claiming the epoch's attempts from the service (waits included). */
  claimSeconds: 'seconds',
  /** Sampling the completions. */
  actSeconds: 'seconds',
  /** Stepping them for rewards. */
  stepSeconds: 'seconds',
  /** The agent's update. */
  updateSeconds: 'seconds',
  /** The held-out evaluation. */
  evaluateSeconds: 'seconds',
} as const;

export type AgentUpdateMetric = keyof typeof AGENT_UPDATE_METRICS;
export type SimulatorUpdateMetric = keyof typeof SIMULATOR_UPDATE_METRICS;
export type AgentWarmStartMetric = keyof typeof AGENT_WARM_START_METRICS;
export type SimulatorWarmStartMetric = keyof typeof SIMULATOR_WARM_START_METRICS;

/** Statistics of an agent's update (GRPO for the built-in agent). */
export type AgentUpdateStats = MetricValues<AgentUpdateMetric>;
/** Statistics of a simulator's update (RWR for the built-in and parametric simulators). */
export type SimulatorUpdateStats = MetricValues<SimulatorUpdateMetric>;
/** Statistics of an agent's warm start. */
export type AgentWarmStartStats = MetricValues<AgentWarmStartMetric>;
/** Statistics of a simulator's warm start. */
export type SimulatorWarmStartStats = MetricValues<SimulatorWarmStartMetric>;
/** Statistics of any player's update or warm start; each player's `Trainable` narrows it to its own names. */
export type UpdateStats = MetricValues<
  AgentUpdateMetric | SimulatorUpdateMetric | AgentWarmStartMetric | SimulatorWarmStartMetric
>;

/** The names of the `extra` map of an epoch (metrics.jsonl, summary.json), all namespaced. */
export type ExtraMetricName =
  | `agent/${AgentUpdateMetric}`
  | `simulator/${SimulatorUpdateMetric}`
  | `warmstart/agent/${AgentWarmStartMetric}`
  | `warmstart/simulator/${SimulatorWarmStartMetric}`
  | `warmstart/${keyof typeof WARM_START_METRICS}`
  | `pool/${keyof typeof POOL_METRICS}`
  | `budget/${keyof typeof BUDGET_METRICS}`
  | `serve/${keyof typeof SERVE_METRICS}`;
/** An epoch's namespaced scalars beyond its fixed fields: `extra` in memory and on disk. */
export type EpochExtra = MetricValues<ExtraMetricName>;

/** A name written with a placeholder (`heldout/<set>`) as the names it stands for (`heldout/${string}`). */
type Expanded<Name extends string> = Name extends `${infer Head}<${string}>${infer Tail}`
  ? `${Head}${string}${Tail}`
  : Name;
/** The names of `genenv train`'s own figures. */
export type TrainerMetricName = `trainer/${keyof typeof TRAINER_METRICS}` | `time/${keyof typeof TRAINER_TIME_METRICS}`;
/** Every name a metrics.csv column may have. */
export type FlatMetricName = Expanded<keyof typeof EPOCH_METRICS> | ExtraMetricName | TrainerMetricName;

/**
 * `stats` under `prefix` (`loss` → `agent/loss`), non-finite values left out: a value that could not be computed is
 * a missing value, not a number. Pure.
 */
export function namespaced<Prefix extends string, Name extends string>(
  prefix: Prefix,
  stats: MetricValues<Name>,
): MetricValues<`${Prefix}/${Name}`> {
  return Object.fromEntries(
    Object.entries(stats)
      .filter((entry): entry is [string, number] => Number.isFinite(entry[1]))
      .map(([name, value]) => [`${prefix}/${name}`, value]),
  ) as MetricValues<`${Prefix}/${Name}`>;
}

/** `table`'s names under `prefix`, with their units. */
const underPrefix = (prefix: string, table: Record<string, string>) =>
  Object.entries(table).map(([name, unit]) => [`${prefix}/${name}`, unit] as const);

/**
 * Every name of the vocabulary with its unit, in docs/metrics.md's order, a placeholder written as the page writes
 * it (`heldout/<set>`). Pure.
 */
export function metricVocabulary(): ReadonlyMap<string, string> {
  return new Map([
    ...Object.entries(EPOCH_METRICS),
    ...underPrefix('agent', AGENT_UPDATE_METRICS),
    ...underPrefix('simulator', SIMULATOR_UPDATE_METRICS),
    ...underPrefix('warmstart', WARM_START_METRICS),
    ...underPrefix('warmstart/agent', AGENT_WARM_START_METRICS),
    ...underPrefix('warmstart/simulator', SIMULATOR_WARM_START_METRICS),
    ...underPrefix('pool', POOL_METRICS),
    ...underPrefix('budget', BUDGET_METRICS),
    ...underPrefix('serve', SERVE_METRICS),
    ...underPrefix('trainer', TRAINER_METRICS),
    ...underPrefix('time', TRAINER_TIME_METRICS),
  ]);
}
