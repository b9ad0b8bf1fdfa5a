import type { RunConfigInput } from '../spec/index.ts';

/**
 * Named starting configurations. `student` is the fast, non-neural world (simulated student, parametric
 * simulator, arithmetic domain): a full run in seconds, used by tests and for trying settings.
 */
export const PRESETS: Record<string, Omit<RunConfigInput, 'seed'>> = {
  student: {
    preset: 'student',
    variant: 'genenv',
    epochs: 30,
    // 32 task types × 8 variations × 32 rollouts: p̂ from 256 attempts has a standard error of 0.03 at ½,
    // so a task type at p = ½ lands inside the ±0.1 band almost surely.
    tasksPerEpoch: 32,
    variations: 8,
    samples: 32,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    domain: { name: 'arithmetic', options: {} },
    // A slow learner with a gentle success curve: a task type stays informative for several epochs.
    agent: { policy: 'student', options: { learningRate: 0.05, slope: 0.8 } },
    // The entropy bonus keeps harder neighbours in reach once current tasks become too easy.
    simulator: { policy: 'parametric', options: { klCoefficient: 0.003, entropyBonus: 0.1 } },
  },
  toolworld: {
    preset: 'toolworld',
    variant: 'genenv',
    epochs: 8,
    tasksPerEpoch: 16,
    variations: 4,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    warmStartVariations: 1,
    heldOutLimit: 100,
    domain: { name: 'toolworld', options: {} },
    agent: { policy: 'builtin', options: { warmStartEpochs: 2, maxResponseTokens: 48 } },
    simulator: { policy: 'builtin', options: { size: 'small', warmStartEpochs: 2, maxResponseTokens: 48 } },
  },
};

/** The preset `genenv run` uses when none is named. */
export const DEFAULT_PRESET = 'student';
