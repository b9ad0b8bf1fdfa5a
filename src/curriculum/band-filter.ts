/** The k_min difficulty filter (paper §2.2): only task types near the target success rate train the simulator. */

/** Floating-point slack so that p̂ = 0.4 or 0.6 counts as inside a ±0.1 band around 0.5. */
const TOLERANCE = 1e-9;

/** Whether |p̂ − α| ≤ k_min (inclusive, with a 1e-9 tolerance). */
export function inBand(successRate: number, alpha: number, kMin: number): boolean {
  return Math.abs(successRate - alpha) <= kMin + TOLERANCE;
}

/** Items whose success rate is in the band; items without a rate (null) are dropped. */
export function filterInBand<T>(
  items: readonly T[],
  successRateOf: (item: T) => number | null,
  alpha: number,
  kMin: number,
): T[] {
  return items.filter((item) => {
    const rate = successRateOf(item);
    return rate !== null && inBand(rate, alpha, kMin);
  });
}

/**
 * Indices of the `count` success rates nearest α (ties: the earlier item first), in item order: the
 * fallback set that trains the simulator when no task type is inside the band. `count` ≥ 0.
 */
export function nearestToTarget(successRates: readonly number[], alpha: number, count: number): number[] {
  return smallestIndices(
    successRates.map((rate) => Math.abs(rate - alpha)),
    count,
  );
}

/** Indices of the `count` smallest keys (ties: the earlier item first), in item order. `count` ≥ 0. */
export function smallestIndices(keys: readonly number[], count: number): number[] {
  return keys
    .map((key, index) => ({ key, index }))
    .sort((left, right) => left.key - right.key || left.index - right.index)
    .slice(0, Math.max(0, count))
    .map(({ index }) => index)
    .sort((left, right) => left - right);
}
