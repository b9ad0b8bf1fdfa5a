/** Mean of a list; null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sampleStandardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const center = mean(values)!;
  let total = 0;
  for (const value of values) total += (value - center) ** 2;
  return Math.sqrt(total / (values.length - 1));
}

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom; 1.96 beyond. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** 95% confidence interval of the mean (Student t); a single value gives [value, value]. */
export function confidenceInterval95(values: readonly number[]): [number, number] {
  const center = mean(values);
  if (center === null) return [Number.NaN, Number.NaN];
  if (values.length < 2) return [center, center];
  const degrees = values.length - 1;
  const quantile = degrees <= T_975.length ? T_975[degrees - 1]! : 1.96;
  const half = (quantile * sampleStandardDeviation(values)) / Math.sqrt(values.length);
  return [center - half, center + half];
}

/** Median; null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
