import type { TaskSource, Variant } from '../interfaces/index.ts';

/** What a variant of the loop does (paper §4.3): where its tasks come from and what learns from them. */
export interface VariantPlan {
  /** Where the task types of epochs ≥ 1 come from. */
  source: 'simulator' | 'static' | 'seed' | 'offline' | 'uniform' | 'dynamic' | 'selector';
  /**
   * What dynamic sampling screens (source `dynamic`): uniform draws (DAPO's dynamic sampling) or the proposals of the
   * simulator as its warm start left it (R-Zero's untrained challenger with its filter); null for every other source.
   */
  screens: 'uniform' | 'simulator' | null;
  /**
   * Where epoch 0's task types come from. Variants that own a simulator evaluate the warm-started
   * simulator's first proposals there, so every simulator variant starts from the same point.
   */
  epochZeroSource: 'simulator' | 'seed' | 'offline';
  /** Generates its whole synthetic set once, before any training (static augmentation). */
  generatesPoolUpFront: boolean;
  /** Trains the simulator by RWR after each epoch (GenEnv); the others keep it frozen. */
  updatesSimulator: boolean;
  /**
   * How many of each epoch's fresh task types the frontier sampler draws over the domain's knob cells: `share` of
   * them (the config's `frontierShare`; genenv), `all` of them (the sampler alone), or `none`; the rest come from
   * `source`.
   */
  frontier: 'share' | 'all' | 'none';
  /**
   * Adds on-policy attempts of seed tasks (base data) to the agent's batch; the `base` variant already is seed
   * data.
   */
  addsBaseTasks: boolean;
}

/** The variants, one row each. */
export const VARIANTS: Readonly<Record<Variant, VariantPlan>> = {
  genenv: {
    source: 'simulator',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: true,
    frontier: 'share',
    addsBaseTasks: true,
  },
  // The paper's method alone: genenv without the frontier sampler, whatever the preset's frontierShare.
  paper: {
    source: 'simulator',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: true,
    frontier: 'none',
    addsBaseTasks: true,
  },
  random: {
    source: 'simulator',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  // Not in the paper: the frontier sampler alone. Every fresh task type of epochs ≥ 1 is a draw over the knob cells;
  // the simulator proposes nothing after epoch 0 and is never trained. What the default is without its simulator.
  sampler: {
    source: 'simulator',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'all',
    addsBaseTasks: true,
  },
  // Not in the paper: the frontier sampler beside a frozen simulator (genenv without the simulator's RWR): what the
  // default is without its simulator learning.
  'sampler-frozen': {
    source: 'simulator',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'share',
    addsBaseTasks: true,
  },
  // Not in the paper: dynamic sampling (DAPO) over uniform draws (of the knobs, or of the grammar where there are
  // none), the practitioner's online difficulty filter. Each draw is screened on screenVariations × screenSamples
  // rollouts and kept only when its outcomes are mixed; the kept ones get the rest of their rollouts. Screening
  // rollouts spend the same rollout budget as every other variant's.
  dynamic: {
    source: 'dynamic',
    screens: 'uniform',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  // Not in the paper: the proposals of the simulator as its warm start left it, screened as `dynamic` screens uniform
  // draws (R-Zero's untrained challenger with its filter, at the same rollout budget: its screens counted).
  'dynamic-frozen': {
    source: 'dynamic',
    screens: 'simulator',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  // Not in the paper: a success predictor fitted to every outcome so far chooses each epoch's task types among many
  // uniform draws, those it predicts nearest α, with no rollout spent on the choice (prompt-selection value models).
  selector: {
    source: 'selector',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  // Not in the paper: domain randomisation over the domain's knobs, the baseline curricula are first compared with.
  uniform: {
    source: 'uniform',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  static: {
    source: 'static',
    screens: null,
    epochZeroSource: 'simulator',
    generatesPoolUpFront: true,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  base: {
    source: 'seed',
    screens: null,
    epochZeroSource: 'seed',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: false,
  },
  offline: {
    source: 'offline',
    screens: null,
    epochZeroSource: 'offline',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
};

/** Task instances from these sources count as synthetic training data (`syntheticSamples`); seed data does not. */
export function countsAsSynthetic(source: TaskSource): boolean {
  return (
    source === 'simulator' ||
    source === 'static' ||
    source === 'offline' ||
    source === 'uniform' ||
    source === 'dynamic' ||
    source === 'selector' ||
    source === 'frontier'
  );
}

/** The variant's task types are drawn uniformly (over the knobs, or the grammar where there are none), screened or not. */
export const drawsUniformly = (plan: VariantPlan): boolean =>
  plan.source === 'uniform' || plan.source === 'selector' || plan.screens === 'uniform';
