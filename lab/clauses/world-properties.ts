/**
 * The figures of the clauses world's properties, from success rates already measured. Pure.
 */

/**
 * Shares of task types whose p̂ lies in the band |p̂ − α| ≤ k_min; at most 0.1 (out of the agent's reach: no more than
 * one attempt in ten solved) or at least 0.9 (trivial); exactly 0 (never solved) and 1 (always solved).
 */
export interface BandShares {
  inBand: number;
  outOfReach: number;
  trivial: number;
  never: number;
  always: number;
}

/** The band and the other shares of `rates` (p̂ values in [0, 1]); all 0 for no rates. */
export function bandShares(rates: readonly number[], alpha: number, kMin: number): BandShares {
  const share = (predicate: (rate: number) => boolean) =>
    rates.length ? rates.filter(predicate).length / rates.length : 0;
  // The tolerance keeps a p̂ of exactly α ± k_min (0.4 and 0.6 from 32 attempts) inside, as the run's band does.
  const tolerance = 1e-9;
  return {
    inBand: share((rate) => Math.abs(rate - alpha) <= kMin + tolerance),
    outOfReach: share((rate) => rate <= 0.1 + tolerance),
    trivial: share((rate) => rate >= 0.9 - tolerance),
    never: share((rate) => rate === 0),
    always: share((rate) => rate === 1),
  };
}

/** The mean of `values`, 0 for none. */
export const meanOf = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;

/**
 * Pearson's correlation of two equally long series; null when either does not vary. For two independent
 * measurements of the same task types (other variations, other rollouts) it is the share of one measurement's
 * variance that the task type itself fixes (the repeatability, or intraclass correlation).
 */
export function correlation(first: readonly number[], second: readonly number[]): number | null {
  if (first.length !== second.length) throw new RangeError('the two series differ in length');
  const [meanFirst, meanSecond] = [meanOf(first), meanOf(second)];
  let cross = 0;
  let firstSquares = 0;
  let secondSquares = 0;
  first.forEach((value, index) => {
    const [left, right] = [value - meanFirst, second[index]! - meanSecond];
    cross += left * right;
    firstSquares += left * left;
    secondSquares += right * right;
  });
  return firstSquares > 0 && secondSquares > 0 ? cross / Math.sqrt(firstSquares * secondSquares) : null;
}

/** Mean success per composition length, lengths in increasing order, from (length, p̂) pairs. */
export function successByLength(
  outcomes: readonly { length: number; successRate: number }[],
): { length: number; successRate: number; taskTypes: number }[] {
  const byLength = new Map<number, number[]>();
  for (const { length, successRate } of outcomes) byLength.set(length, [...(byLength.get(length) ?? []), successRate]);
  return [...byLength.entries()]
    .sort(([left], [right]) => left - right)
    .map(([length, rates]) => ({ length, successRate: meanOf(rates), taskTypes: rates.length }));
}

/** The competence edge: the longest composition length whose mean success is at least ½ (0 when none). */
export const competenceEdge = (byLength: readonly { length: number; successRate: number }[]) =>
  Math.max(0, ...byLength.filter((entry) => entry.successRate >= 0.5).map((entry) => entry.length));
