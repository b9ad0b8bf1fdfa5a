import type { TaskSource, Variant } from '../interfaces/index.ts';

/** What a variant of the loop does (paper §4.3): where its tasks come from and what learns from them. */
export interface VariantPlan {
  /** Where the task types of epochs ≥ 1 come from. */
  source: 'simulator' | 'static' | 'seed' | 'offline' | 'uniform';
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
   * Draws `frontierShare` of each epoch's fresh task types from the frontier sampler over the domain's knob cells
   * (genenv); the rest come from `source`.
   */
  usesFrontier: boolean;
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
    usesFrontier: true,
    addsBaseTasks: true,
  },
  // The paper's method alone: genenv without the frontier sampler, whatever the preset's frontierShare.
  paper: {
    source: 'simulator',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: true,
    usesFrontier: false,
    addsBaseTasks: true,
  },
  random: {
    source: 'simulator',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    usesFrontier: false,
    addsBaseTasks: true,
  },
  // Not in the paper: domain randomisation over the domain's knobs, the baseline curricula are first compared with.
  uniform: {
    source: 'uniform',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    usesFrontier: false,
    addsBaseTasks: true,
  },
  static: {
    source: 'static',
    epochZeroSource: 'simulator',
    generatesPoolUpFront: true,
    updatesSimulator: false,
    usesFrontier: false,
    addsBaseTasks: true,
  },
  base: {
    source: 'seed',
    epochZeroSource: 'seed',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    usesFrontier: false,
    addsBaseTasks: false,
  },
  offline: {
    source: 'offline',
    epochZeroSource: 'offline',
    generatesPoolUpFront: false,
    updatesSimulator: false,
    usesFrontier: false,
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
    source === 'frontier'
  );
}
