import { median } from '../../src/internal.ts';

/** How far each seed's figure lies from the median of all seeds. */
export interface SeedSpread {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Indices of the values more than `tolerance` from the median. */
  outside: number[];
}

/** The spread of one figure over seeds around its median (a warm start that works on every seed has none outside). */
export function seedSpread(values: readonly number[], tolerance: number): SeedSpread {
  const middle = median(values);
  if (middle === null) return { median: null, min: null, max: null, outside: [] };
  const outside = values.flatMap((value, index) => (Math.abs(value - middle) > tolerance ? [index] : []));
  return { median: middle, min: Math.min(...values), max: Math.max(...values), outside };
}
