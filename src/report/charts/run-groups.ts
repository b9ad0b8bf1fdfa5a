import type { EpochMetrics } from '../../interfaces/summary.ts';

/**
 * Runs shown as one curve: a single run, or the seeds of one variant (averaged per epoch).
 * `runs` holds each run's epochs.
 */
export interface RunGroup {
  name: string;
  runs: EpochMetrics[][];
}

/** All epochs of all groups, flattened (for axis and key discovery). */
export function allEpochs(groups: readonly RunGroup[]): EpochMetrics[] {
  return groups.flatMap((group) => group.runs.flat());
}
