import type { TaskSource, Variant } from '../interfaces/index.ts';

/** What a variant of the loop does (paper §4.3): where its tasks come from and what learns from them. */
export interface VariantPlan {
  /** Where the task types of epochs ≥ 1 come from. */
  source: 'simulator' | 'static' | 'seed' | 'offline' | 'uniform' | 'dynamic';
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
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: true,
    frontier: 'share',
    addsBaseTasks: true,
  },
  // The paper's method alone: genenv without the frontier sampler, whatever the preset's frontierShare.
  paper: {
    source: 'simulator',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: true,
    frontier: 'none',
    addsBaseTasks: true,
  },
  random: {
    source: 'simulator',
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
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'share',
    addsBaseTasks: true,
  },
  // Not in the paper: dynamic sampling (DAPO) over uniform knob draws, the practitioner's online difficulty filter.
  // Each draw is screened on one variation's G rollouts and kept only when its outcomes are mixed; the kept ones get
  // their other variations. Screening rollouts spend the same rollout budget as every other variant's.
  dynamic: {
    source: 'dynamic',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  // Not in the paper: domain randomisation over the domain's knobs, the baseline curricula are first compared with.
  uniform: {
    source: 'uniform',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  static: {
    source: 'static',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: true,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: true,
  },
  base: {
    source: 'seed',
    epochZeroSource: 'seed',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    frontier: 'none',
    addsBaseTasks: false,
  },
  offline: {
    source: 'offline',
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
    source === 'frontier'
  );
}
