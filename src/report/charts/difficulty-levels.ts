import type { EpochMetrics } from '../../interfaces/summary.ts';
import { valuesOnAxis } from './epoch-series.ts';

/**
 * One epoch's task types per difficulty level (`difficultyCounts`) as [level, count] pairs in ascending level;
 * empty when the epoch recorded none (no valid task type, or a run stored before the counts were recorded).
 */
export function levelCounts(entry: EpochMetrics): [number, number][] {
  return Object.entries(entry.difficultyCounts ?? {})
    .map(([level, count]): [number, number] => [Number(level), count])
    .filter(([level, count]) => Number.isInteger(level) && count > 0)
    .sort(([a], [b]) => a - b);
}

/** Whether any epoch recorded task types per difficulty level (runs stored before the counts did not). */
export function hasDifficultyLevels(epochs: readonly EpochMetrics[]): boolean {
  return epochs.some((entry) => levelCounts(entry).length > 0);
}

/**
 * Every integer level from 0 (or the lowest, if below 0) to the highest recorded in any epoch, gaps included, so
 * a chart's level axis is an evenly spaced ladder from its foot; empty when no epoch recorded levels.
 */
export function levelRange(epochs: readonly EpochMetrics[]): number[] {
  const levels = epochs.flatMap((entry) => levelCounts(entry).map(([level]) => level));
  if (levels.length === 0) return [];
  const lowest = Math.min(0, ...levels);
  const highest = Math.max(...levels);
  return Array.from({ length: highest - lowest + 1 }, (_, offset) => lowest + offset);
}

/** Mean level of one epoch's task types, weighted by count; null when the epoch recorded no levels. */
export function meanLevel(entry: EpochMetrics): number | null {
  const counts = levelCounts(entry);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  return total === 0 ? null : counts.reduce((sum, [level, count]) => sum + level * count, 0) / total;
}

/**
 * Share of task types at each level, per axis epoch and level (`shares[epochIndex][levelIndex]`, in [0, 1]),
 * averaged over the runs (seeds) that recorded levels at that epoch; a run's shares sum to 1 at an epoch.
 * An epoch no run recorded levels at gives a column of nulls.
 */
export function meanShares(
  axis: readonly number[],
  levels: readonly number[],
  runs: readonly (readonly EpochMetrics[])[],
): (number | null)[][] {
  const byEpoch = runs.map((epochs) => new Map(epochs.map((entry) => [entry.epoch, entry])));
  return axis.map((epoch) => {
    const perRun = byEpoch
      .map((run) => {
        const entry = run.get(epoch);
        return entry ? levelCounts(entry) : [];
      })
      .filter((counts) => counts.length > 0)
      .map((counts) => {
        const total = counts.reduce((sum, [, count]) => sum + count, 0);
        return new Map(counts.map(([level, count]) => [level, count / total]));
      });
    if (perRun.length === 0) return levels.map(() => null);
    return levels.map((level) => perRun.reduce((sum, shares) => sum + (shares.get(level) ?? 0), 0) / perRun.length);
  });
}

/** Per axis epoch: the mean over runs of each run's mean level, and the lowest and highest run; null where none. */
export interface LevelSpread {
  mean: (number | null)[];
  low: (number | null)[];
  high: (number | null)[];
}

/** Mean level per axis epoch over the runs (seeds), with the range the runs span. */
export function meanLevelSpread(axis: readonly number[], runs: readonly (readonly EpochMetrics[])[]): LevelSpread {
  const columns = runs.map((epochs) => valuesOnAxis(axis, epochs, meanLevel));
  const present = axis.map((_, position) =>
    columns.map((column) => column[position]!).filter((value): value is number => value !== null),
  );
  return {
    mean: present.map((values) =>
      values.length === 0 ? null : values.reduce((total, value) => total + value, 0) / values.length,
    ),
    low: present.map((values) => (values.length === 0 ? null : Math.min(...values))),
    high: present.map((values) => (values.length === 0 ? null : Math.max(...values))),
  };
}
