/** Five-number summary drawn by a box plot: [minimum, lower quartile, median, upper quartile, maximum]. */
export type BoxStatistics = [number, number, number, number, number];

/** Quantile q ∈ [0, 1] of sorted values by linear interpolation between order statistics (R type 7). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty list');
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** Five-number summary of a list; null for an empty list (an epoch without valid task types). */
export function boxStatistics(values: readonly number[]): BoxStatistics | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  return [
    sorted[0]!,
    quantileSorted(sorted, 0.25),
    quantileSorted(sorted, 0.5),
    quantileSorted(sorted, 0.75),
    sorted[sorted.length - 1]!,
  ];
}

/**
 * Horizontal offsets for a dot strip, in category widths (−halfWidth..halfWidth). p̂ moves in steps of
 * 1/n, so many task types share a value: points with equal values are fanned out side by side, evenly,
 * instead of being drawn on top of each other. Returns one offset per input value, same order.
 */
export function stripOffsets(values: readonly number[], halfWidth = 0.3): number[] {
  const seen = new Map<number, number>();
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return values.map((value) => {
    const count = counts.get(value)!;
    const rank = seen.get(value) ?? 0;
    seen.set(value, rank + 1);
    if (count === 1) return 0;
    const step = Math.min((2 * halfWidth) / (count - 1), 0.08);
    return (rank - (count - 1) / 2) * step;
  });
}
