import type { Random } from '../util/random.ts';

/** How to turn a next-token distribution into a choice. */
export interface SamplingOptions {
  /** ≥ 0; 0 = greedy. */
  temperature: number;
  /** Nucleus mass in (0, 1]. */
  topP: number;
}

/**
 * Draws one token from a log-probability row (row-major slice of width `vocab` at `offset`) with
 * temperature and nucleus (top-p) filtering. Pure given `random`.
 */
export function drawToken(
  logProbabilities: Float32Array,
  offset: number,
  vocab: number,
  options: SamplingOptions,
  random: Random,
): number {
  if (options.temperature === 0) {
    let best = 0;
    for (let token = 1; token < vocab; token++)
      if (logProbabilities[offset + token]! > logProbabilities[offset + best]!) best = token;
    return best;
  }
  let largest = -Infinity;
  for (let token = 0; token < vocab; token++) largest = Math.max(largest, logProbabilities[offset + token]!);
  const weights = new Float64Array(vocab);
  let total = 0;
  for (let token = 0; token < vocab; token++) {
    weights[token] = Math.exp((logProbabilities[offset + token]! - largest) / options.temperature);
    total += weights[token]!;
  }
  if (options.topP < 1) {
    const order = Array.from({ length: vocab }, (_, token) => token).sort(
      (left, right) => weights[right]! - weights[left]! || left - right,
    );
    let kept = 0;
    let cumulative = 0;
    for (const token of order) {
      if (cumulative >= options.topP * total) weights[token] = 0;
      else {
        cumulative += weights[token]!;
        kept += weights[token]!;
      }
    }
    total = kept;
  }
  let threshold = random.next() * total;
  let last = 0;
  for (let token = 0; token < vocab; token++) {
    if (weights[token]! <= 0) continue;
    last = token;
    threshold -= weights[token]!;
    if (threshold < 0) return token;
  }
  return last;
}
