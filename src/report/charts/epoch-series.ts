import type { EpochMetrics } from '../../interfaces/summary.ts';

/** Sorted union of the epoch numbers of several runs: the shared x axis of per-epoch charts. */
export function epochAxis(runs: readonly (readonly EpochMetrics[])[]): number[] {
  const epochs = new Set<number>();
  for (const run of runs) for (const entry of run) epochs.add(entry.epoch);
  return [...epochs].sort((a, b) => a - b);
}

/**
 * One value per axis epoch: `pick` of that epoch's metrics, or null when the epoch is absent or `pick`
 * gives null/undefined/NaN (the chart then leaves a gap instead of drawing a zero).
 */
export function valuesOnAxis(
  axis: readonly number[],
  epochs: readonly EpochMetrics[],
  pick: (entry: EpochMetrics) => number | null | undefined,
): (number | null)[] {
  const byEpoch = new Map(epochs.map((entry) => [entry.epoch, entry]));
  return axis.map((epoch) => {
    const entry = byEpoch.get(epoch);
    if (!entry) return null;
    const value = pick(entry);
    return value === null || value === undefined || !Number.isFinite(value) ? null : value;
  });
}

/**
 * Mean over runs per axis epoch (seeds of one variant), skipping runs that lack the value;
 * null where no run has it.
 */
export function meanOnAxis(
  axis: readonly number[],
  runs: readonly (readonly EpochMetrics[])[],
  pick: (entry: EpochMetrics) => number | null | undefined,
): (number | null)[] {
  const columns = runs.map((epochs) => valuesOnAxis(axis, epochs, pick));
  return axis.map((_, position) => {
    const present = columns.map((column) => column[position]!).filter((value): value is number => value !== null);
    return present.length === 0 ? null : present.reduce((total, value) => total + value, 0) / present.length;
  });
}

/**
 * One chart series of a run group's mean accuracy on a held-out set per axis epoch. Held-out sets may be evaluated
 * only every few epochs, so the line joins the points that exist.
 */
export function heldOutSeries(
  name: string,
  axis: readonly number[],
  runs: readonly (readonly EpochMetrics[])[],
  set: string,
): { name: string; values: (number | null)[]; connectNulls: true } {
  return { name, values: meanOnAxis(axis, runs, (entry) => entry.heldOutAccuracy[set]), connectNulls: true };
}

/** Names of the held-out sets and complexity features that appear in any epoch, in first-seen order. */
export function recordKeys(epochs: readonly EpochMetrics[], field: 'heldOutAccuracy' | 'taskComplexity'): string[] {
  const keys: string[] = [];
  for (const entry of epochs) for (const key of Object.keys(entry[field])) if (!keys.includes(key)) keys.push(key);
  return keys;
}
