import type { EpochExtra, ExtraMetricName } from './metrics.ts';

/**
 * Names runs stored before the vocabulary (`metrics.ts`) wrote for quantities it names otherwise, with the name each
 * is read back under, so that `genenv report` charts an old run beside a new one and a resumed old run continues
 * under one set of names (docs/metrics.md, "Names of earlier runs").
 */
export const RETIRED_METRIC_NAMES: Readonly<Record<string, ExtraMetricName>> = {
  // The parametric simulator's spellings of the built-in simulator's figures.
  'simulator/klFromInitial': 'simulator/klToInitial',
  'simulator/klFromPrevious': 'simulator/updateKl',
  'simulator/stepScale': 'simulator/scale',
  // The student's count of rehearsal pairs, the number the loop logs for every agent.
  'agent/rehearsed': 'pool/rehearsal',
};

/**
 * A stored `extra` map under the vocabulary's names: a retired name becomes its current one, in its place, unless the
 * map holds the current one too (which then wins). Names of neither list are kept as stored. Pure.
 */
export function currentMetricNames(stored: Readonly<Record<string, number>>): EpochExtra {
  return Object.fromEntries(
    Object.entries(stored).flatMap(([name, value]) => {
      if (!Object.hasOwn(RETIRED_METRIC_NAMES, name)) return [[name, value]];
      const current = RETIRED_METRIC_NAMES[name]!;
      return Object.hasOwn(stored, current) ? [] : [[current, value]];
    }),
  );
}
