/**
 * Difficulty scorers: map a task type's success rate p̂ ∈ [0, 1] to the simulator's reward. All are
 * pure and bounded in [0, 1]; the table is the single place a scorer is chosen by name.
 */
export interface ScorerParameters {
  /** Target success rate α ∈ (0, 1). */
  alpha: number;
  /** Sharpness β > 0 of the Gaussian-shaped α-curriculum reward. */
  beta: number;
}

export type DifficultyScorer = (successRate: number, parameters: ScorerParameters) => number;

/** Paper Eq. 3: R_env = exp(−β (p̂ − α)²), peaks at 1 when p̂ = α. */
export const alphaGaussian: DifficultyScorer = (p, { alpha, beta }) => Math.exp(-beta * (p - alpha) ** 2);

/** R-Zero: 1 − 2|p̂ − ½|, a tent peaking at ½ (ignores α). */
export const rZeroLinear: DifficultyScorer = (p) => 1 - 2 * Math.abs(p - 0.5);

/** Absolute-Zero learnability: 1 − p̂ when 0 < p̂ < 1, else 0 (solved or hopeless tasks teach nothing). */
export const absoluteZeroLearnability: DifficultyScorer = (p) => (p > 0 && p < 1 ? 1 - p : 0);

/** SFL: p̂(1 − p̂), the Bernoulli variance, peaking at ¼ when p̂ = ½. */
export const samplingForLearnability: DifficultyScorer = (p) => p * (1 - p);

/** Goal-GAN: 1 inside the band [0.1, 0.9], else 0. */
export const goalGanBand: DifficultyScorer = (p) => (p >= 0.1 && p <= 0.9 ? 1 : 0);

export const DIFFICULTY_SCORERS = {
  'alpha-gaussian': alphaGaussian,
  'rzero-linear': rZeroLinear,
  'absolute-zero': absoluteZeroLearnability,
  sfl: samplingForLearnability,
  'goal-gan': goalGanBand,
} as const satisfies Record<string, DifficultyScorer>;

export type DifficultyScorerName = keyof typeof DIFFICULTY_SCORERS;

/** Scores p̂ with the named scorer; throws RangeError when p̂ is outside [0, 1]. */
export function scoreDifficulty(name: DifficultyScorerName, successRate: number, parameters: ScorerParameters): number {
  if (!(successRate >= 0 && successRate <= 1)) throw new RangeError(`success rate ${successRate} outside [0, 1]`);
  return DIFFICULTY_SCORERS[name](successRate, parameters);
}
