import { confidenceInterval95, mean } from '../../util/statistics.ts';
import type { Comparison } from '../../interfaces/summary.ts';

/** Held-out sets named by any variant of a comparison, in first-seen order. */
export function heldOutSetsOf(comparison: Comparison): string[] {
  const sets: string[] = [];
  for (const variant of comparison.variants)
    for (const set of Object.keys(variant.mean)) if (!sets.includes(set)) sets.push(set);
  return sets;
}

/** A variant's score on one axis: mean and 95% interval over seeds, in [0, 1] accuracy units. */
export interface VariantScore {
  variant: string;
  syntheticSamples: number;
  mean: number;
  interval: [number, number];
  perSeed: number[];
}

/**
 * Per seed, the average final accuracy over the held-out sets; then mean and 95% Student-t interval over
 * seeds. Averaging within a seed first keeps the interval honest (sets of one seed are correlated).
 * Seeds missing a set are averaged over the sets they have; a variant with no values gives null.
 */
export function macroAverageScore(variant: Comparison['variants'][number]): VariantScore | null {
  const sets = Object.keys(variant.perSeed);
  const perSeed: number[] = [];
  for (let seed = 0; seed < variant.seeds.length; seed += 1) {
    const values = sets
      .map((set) => variant.perSeed[set]![seed])
      .filter((value): value is number => value !== undefined && Number.isFinite(value));
    const average = mean(values);
    if (average !== null) perSeed.push(average);
  }
  const center = mean(perSeed);
  if (center === null) return null;
  return {
    variant: variant.variant,
    syntheticSamples: variant.syntheticSamples,
    mean: center,
    interval: confidenceInterval95(perSeed),
    perSeed,
  };
}

/** Static augmentation at several data multiples is named `static`, `static-2x`, `static-3.3x`, … */
export function isStaticVariant(name: string): boolean {
  return name === 'static' || name.startsWith('static-');
}
