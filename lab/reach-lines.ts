/**
 * How the suites that judge comparisons (claim, pooled) print the rollouts each variant took to reach the strongest
 * baseline's final test-hard (`rolloutsToReach`): one line with the target and every variant, and one that says so
 * where rollouts were counted rather than read from the runs.
 */
import type { rolloutsToReach } from '../src/internal.ts';
import { fixed } from './diagnostic-output.ts';

/** The lines of one figure; `prefix` names where it was measured (a world, or "pooled"). None when it is null. */
export function reachLines(reach: ReturnType<typeof rolloutsToReach>, prefix = ''): string[] {
  if (reach === null) return [];
  const variants = reach.variants.map((figure) => {
    const seeds = `${figure.perSeed.filter((seed) => seed.epoch !== null).length}/${figure.perSeed.length} seeds alone`;
    if (figure.rollouts === null) return `${figure.variant} not reached in ${Math.round(figure.budget)} (${seeds})`;
    return (
      `${figure.variant} ${Math.round(figure.rollouts)} at epoch ${figure.epoch} ` +
      `(${fixed(figure.share, 2)}× ${reach.baseline}'s, ${seeds})`
    );
  });
  return [
    `${prefix}rollouts to reach ${reach.baseline}'s final ${reach.set} ${fixed(reach.target)} (the strongest of ` +
      `${reach.baselines.join(', ')}; the first evaluated epoch whose mean over seeds reaches it): ` +
      variants.join('; '),
    ...(reach.counted
      ? [`${prefix}rollouts counted as epoch × tasksPerEpoch × n × G: some runs stored no rollout count`]
      : []),
  ];
}
