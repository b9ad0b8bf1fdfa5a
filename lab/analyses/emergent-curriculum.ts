/**
 * Emergent curriculum: how the difficulty features of a run's generated task types move over epochs,
 * and how two runs (genenv against random) differ epoch by epoch. Pure functions over proposal rows.
 */

/** One valid generated task type: its epoch, family, difficulty features and measured p̂ (null if not attempted). */
export interface CurriculumRow {
  epoch: number;
  /** The task type's family ('' when the run did not record one). */
  family?: string;
  features: Record<string, number>;
  successRate: number | null;
  inBand: boolean | null;
}

export interface EpochCurriculum extends CurriculumSummary {
  epoch: number;
}

/** What a group of task types looks like: their count, feature means, mean p̂ and in-band share. */
export interface CurriculumSummary {
  taskTypes: number;
  /** Mean of every feature over the group's task types. */
  features: Record<string, number>;
  /** Mean p̂ over the attempted task types (null if none). */
  successRate: number | null;
  /** Share of attempted task types in the α band (null if none). */
  inBandFraction: number | null;
}

function summarise(members: readonly CurriculumRow[]): CurriculumSummary {
  const names = [...new Set(members.flatMap((row) => Object.keys(row.features)))].sort();
  const features = Object.fromEntries(
    names.map((name) => [name, members.reduce((sum, row) => sum + (row.features[name] ?? 0), 0) / members.length]),
  );
  const rated = members.filter((row) => row.successRate !== null);
  const banded = members.filter((row) => row.inBand !== null);
  return {
    taskTypes: members.length,
    features,
    successRate: rated.length ? rated.reduce((sum, row) => sum + row.successRate!, 0) / rated.length : null,
    inBandFraction: banded.length ? banded.filter((row) => row.inBand).length / banded.length : null,
  };
}

/** Per-epoch means of features, p̂ and in-band share, epochs ascending. */
export function curriculumByEpoch(rows: readonly CurriculumRow[]): EpochCurriculum[] {
  const epochs = [...new Set(rows.map((row) => row.epoch))].sort((a, b) => a - b);
  return epochs.map((epoch) => ({ epoch, ...summarise(rows.filter((row) => row.epoch === epoch)) }));
}

export interface FamilyCurriculum extends CurriculumSummary {
  family: string;
}

/**
 * Per family, over the epochs from `fromEpoch` on: how many task types the run proposed in it, their feature
 * means, mean p̂ and in-band share; families by name. Shows where steering went: a simulator that must stay in its
 * context's family can move a family's p̂ only through the fields it writes.
 */
export function curriculumByFamily(rows: readonly CurriculumRow[], fromEpoch = 1): FamilyCurriculum[] {
  const used = rows.filter((row) => row.epoch >= fromEpoch);
  const families = [...new Set(used.map((row) => row.family ?? ''))].sort();
  return families.map((family) => ({
    family,
    ...summarise(used.filter((row) => (row.family ?? '') === family)),
  }));
}

/** Least-squares slope of y on x (units of y per unit of x); null with fewer than two distinct x. */
export function linearSlope(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new RangeError('lists of equal length expected');
  if (xs.length < 2) return null;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let cross = 0;
  let squares = 0;
  xs.forEach((x, index) => {
    cross += (x - meanX) * (ys[index]! - meanY);
    squares += (x - meanX) ** 2;
  });
  return squares > 0 ? cross / squares : null;
}

export interface CurriculumComparison {
  feature: string;
  /** Per epoch present in both runs: the feature's mean in each and their difference. */
  epochs: { epoch: number; first: number; second: number; difference: number }[];
  /** Change per epoch of the feature in each run (epochs ≥ `fromEpoch`). */
  slopeFirst: number | null;
  slopeSecond: number | null;
}

/** Feature by feature, two runs' per-epoch means side by side, and their trends from `fromEpoch` on. */
export function compareCurricula(
  first: readonly EpochCurriculum[],
  second: readonly EpochCurriculum[],
  fromEpoch = 1,
): CurriculumComparison[] {
  const names = [...new Set([...first, ...second].flatMap((epoch) => Object.keys(epoch.features)))].sort();
  const trend = (epochs: readonly EpochCurriculum[], name: string) => {
    const used = epochs.filter((epoch) => epoch.epoch >= fromEpoch && name in epoch.features);
    return linearSlope(
      used.map((epoch) => epoch.epoch),
      used.map((epoch) => epoch.features[name]!),
    );
  };
  return names.map((feature) => ({
    feature,
    epochs: first.flatMap((left) => {
      const right = second.find((epoch) => epoch.epoch === left.epoch);
      if (!right || !(feature in left.features) || !(feature in right.features)) return [];
      const a = left.features[feature]!;
      const b = right.features[feature]!;
      return [{ epoch: left.epoch, first: a, second: b, difference: a - b }];
    }),
    slopeFirst: trend(first, feature),
    slopeSecond: trend(second, feature),
  }));
}
