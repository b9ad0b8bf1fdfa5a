/**
 * Theorem 1 against measurement: for pairs of task types (p₁ closer to α than p₂), the probability that
 * R_env mis-ranks them after n attempts each, exact (binomial sums) and simulated (Bernoulli draws),
 * beside the paper's bound 4·exp(−2/9·(Δ₂ − Δ₁)²·n), and how often a task type at p lands in the α band.
 * `npm run lab -- thm1`.
 */
import {
  attemptsForBound,
  inBandProbability,
  misrankingProbability,
  misrankingSimulated,
  rankingBound,
} from '../analyses/ranking-consistency.ts';
import { deriveSeed } from '../../src/index.ts';

export interface RankingRow {
  probability1: number;
  probability2: number;
  attempts: number;
  /** Exact P(R_env(p̂₁) ≤ R_env(p̂₂)). */
  exact: number;
  /** Exact P(R_env(p̂₁) < R_env(p̂₂)) (ties excluded). */
  exactStrict: number;
  /** Monte Carlo estimate of `exact`. */
  simulated: number;
  /** The paper's bound (values ≥ 1 say nothing). */
  bound: number;
  /** P(task type 1 lands in the α ± kMin band). */
  inBand1: number;
}

export interface RankingResult {
  alpha: number;
  kMin: number;
  trials: number;
  rows: RankingRow[];
  /** n at which the bound reaches 0.05, per pair. */
  attemptsForFivePercent: { probability1: number; probability2: number; attempts: number }[];
}

export interface RankingProbeOptions {
  pairs: readonly (readonly [number, number])[];
  attempts: readonly number[];
  alpha: number;
  kMin: number;
  trials: number;
  seed: number;
}

export function runRankingProbe(options: RankingProbeOptions): RankingResult {
  const rows: RankingRow[] = [];
  for (const [probability1, probability2] of options.pairs) {
    const gap = Math.abs(probability2 - options.alpha) - Math.abs(probability1 - options.alpha);
    if (!(gap > 0)) throw new RangeError(`task 1 (p = ${probability1}) must be closer to α than task 2`);
    for (const attempts of options.attempts) {
      const exact = misrankingProbability(probability1, probability2, options.alpha, attempts);
      const simulated = misrankingSimulated(
        probability1,
        probability2,
        options.alpha,
        attempts,
        options.trials,
        deriveSeed(options.seed, 'thm1', probability1, probability2, attempts),
      );
      rows.push({
        probability1,
        probability2,
        attempts,
        exact: exact.atMost,
        exactStrict: exact.strict,
        simulated: simulated.atMost,
        bound: rankingBound(gap, attempts),
        inBand1: inBandProbability(probability1, attempts, options.alpha, options.kMin),
      });
    }
  }
  const attemptsForFivePercent = options.pairs.map(([probability1, probability2]) => ({
    probability1,
    probability2,
    attempts: attemptsForBound(Math.abs(probability2 - options.alpha) - Math.abs(probability1 - options.alpha), 0.05),
  }));
  return { alpha: options.alpha, kMin: options.kMin, trials: options.trials, rows, attemptsForFivePercent };
}
