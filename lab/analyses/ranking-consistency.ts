/**
 * Theorem 1 of the paper (ranking consistency of R_env) made measurable: two task types with true
 * success probabilities p₁, p₂ (Δᵢ = |pᵢ − α|, Δ₁ < Δ₂) are each attempted n times; R_env mis-ranks
 * them when R_env(p̂₁) ≤ R_env(p̂₂), i.e. |p̂₁ − α| ≥ |p̂₂ − α| (R_env is monotone in the distance).
 * The exact probability of that event sums over the two binomial laws (fast, deterministic); a Monte
 * Carlo twin draws the Bernoulli outcomes (the reference a test holds equal within its error).
 */
import { Random } from '../../src/index.ts';

/** The paper's bound 4·exp(−2/9·(Δ₂ − Δ₁)²·n) on the mis-ranking probability (may exceed 1: vacuous). */
export function rankingBound(distanceGap: number, attempts: number): number {
  return 4 * Math.exp((-2 / 9) * distanceGap * distanceGap * attempts);
}

/** Binomial(n, p) probabilities of k = 0..n, computed in log space (stable for n in the thousands). */
export function binomialProbabilities(attempts: number, probability: number): Float64Array {
  if (!Number.isInteger(attempts) || attempts < 0) throw new RangeError(`attempts must be a whole number ≥ 0`);
  if (!(probability >= 0 && probability <= 1)) throw new RangeError(`probability must be in [0, 1]`);
  const out = new Float64Array(attempts + 1);
  if (probability === 0 || probability === 1) {
    out[probability === 0 ? 0 : attempts] = 1;
    return out;
  }
  const logP = Math.log(probability);
  const logQ = Math.log1p(-probability);
  let logChoose = 0;
  for (let k = 0; k <= attempts; k++) {
    if (k > 0) logChoose += Math.log(attempts - k + 1) - Math.log(k);
    out[k] = Math.exp(logChoose + k * logP + (attempts - k) * logQ);
  }
  return out;
}

/** Outcome of a mis-ranking measurement: the theorem's event (≤, ties count) and the strict one (<). */
export interface Misranking {
  /** P(|p̂₁ − α| ≥ |p̂₂ − α|): what Theorem 1 bounds. */
  atMost: number;
  /** P(|p̂₁ − α| > |p̂₂ − α|): task 2 strictly preferred (ties excluded). */
  strict: number;
}

/** Tolerance for "equal distance" between two rates k/n (floating-point ties such as 0.4 vs 0.6 around ½). */
const TIE = 1e-12;

/** Exact mis-ranking probabilities with n attempts on each task type (O(n²)). */
export function misrankingProbability(
  probability1: number,
  probability2: number,
  alpha: number,
  attempts: number,
): Misranking {
  const first = binomialProbabilities(attempts, probability1);
  const second = binomialProbabilities(attempts, probability2);
  const distances = Array.from({ length: attempts + 1 }, (_, k) => Math.abs(k / Math.max(1, attempts) - alpha));
  let atMost = 0;
  let strict = 0;
  for (let k1 = 0; k1 <= attempts; k1++) {
    for (let k2 = 0; k2 <= attempts; k2++) {
      const mass = first[k1]! * second[k2]!;
      const difference = distances[k1]! - distances[k2]!;
      if (difference >= -TIE) atMost += mass;
      if (difference > TIE) strict += mass;
    }
  }
  return { atMost, strict };
}

/** Monte Carlo twin: `trials` draws of n Bernoulli outcomes per task type. */
export function misrankingSimulated(
  probability1: number,
  probability2: number,
  alpha: number,
  attempts: number,
  trials: number,
  seed: number,
): Misranking {
  const random = new Random(seed);
  const draw = (probability: number) => {
    let successes = 0;
    for (let attempt = 0; attempt < attempts; attempt++) successes += random.next() < probability ? 1 : 0;
    return Math.abs(successes / Math.max(1, attempts) - alpha);
  };
  let atMost = 0;
  let strict = 0;
  for (let trial = 0; trial < trials; trial++) {
    const difference = draw(probability1) - draw(probability2);
    if (difference >= -TIE) atMost += 1;
    if (difference > TIE) strict += 1;
  }
  return { atMost: atMost / trials, strict: strict / trials };
}

/** P(|p̂ − α| ≤ kMin) for p̂ = k/n, k ~ Binomial(n, p): how often a task type lands in the α band. */
export function inBandProbability(probability: number, attempts: number, alpha: number, kMin: number): number {
  const masses = binomialProbabilities(attempts, probability);
  let total = 0;
  masses.forEach((mass, k) => {
    if (Math.abs(k / Math.max(1, attempts) - alpha) <= kMin + TIE) total += mass;
  });
  return total;
}

/** Smallest n at which the bound falls to `target` (∞ when the two distances are equal). */
export function attemptsForBound(distanceGap: number, target: number): number {
  if (distanceGap === 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil((9 / (2 * distanceGap * distanceGap)) * Math.log(4 / target)));
}
