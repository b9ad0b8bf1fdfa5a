/**
 * The claim pooled over worlds: several comparisons of the same variants on the same run seeds, one per world seed,
 * their runs paired by world and seed (the same seed on two worlds is two pairs, and no run is paired across worlds).
 * Per pair of variants, the ratio of the means and the paired difference with its 95% interval (Student t over the
 * pairs); per variant, the held-out accuracy, the share of task types in the band after the third epoch, and the
 * rollouts to reach the strongest baseline's final test-hard; each per world and pooled over the worlds, which treats
 * every run of every world as one sample (the pooled target is the strongest baseline's mean over all its runs).
 * Pure.
 */
import { GenEnvError } from '../../src/index.ts';
import { mean } from '../../src/internal.ts';
import {
  type Estimate,
  estimate,
  inBandShare,
  pairedDifferences,
  type RunFigures,
  rolloutsFigure,
  scoreOf,
} from './paired-claim.ts';

/** One world's comparison: per variant its runs, in seed order. */
export interface World {
  name: string;
  variants: ReadonlyMap<string, readonly RunFigures[]>;
}

/** The name of the scope that pools every world. */
export const POOLED = 'pooled';

/** Epochs after which the share of task types in the band is averaged (the warm start's early epochs aside). */
const IN_BAND_AFTER = 3;

/** Two variants on one set: the ratio of their means, and their paired difference over `pairs` pairs. */
export interface PairFigure {
  ratio: number;
  difference: Estimate;
  pairs: number;
}

const seedsOf = (runs: readonly RunFigures[]) => runs.map((run) => run.seed).join(', ');

/**
 * Refuses, in one line, worlds that cannot be pooled: none, a name given twice or named `pooled`, or a world whose
 * variants or run seeds differ from the first world's (a pooled figure over unequal runs would weigh worlds
 * unequally).
 */
export function checkWorlds(worlds: readonly World[]): void {
  if (worlds.length === 0) throw new GenEnvError('usage', 'pooling needs at least one comparison');
  const names = worlds.map((world) => world.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new GenEnvError('usage', `the world "${repeated}" is given twice`);
  if (names.includes(POOLED)) throw new GenEnvError('usage', `"${POOLED}" names the pooled figures, not a world`);
  const [first, ...others] = worlds;
  const variants = [...first!.variants.keys()];
  for (const world of others) {
    const own = [...world.variants.keys()];
    if (own.join(',') !== variants.join(','))
      throw new GenEnvError(
        'usage',
        `${world.name} has the variants ${own.join(', ')}, ${first!.name} ${variants.join(', ')}: pool comparisons ` +
          'of the same variants',
      );
  }
  for (const world of worlds)
    for (const variant of variants) {
      const seeds = seedsOf(world.variants.get(variant)!);
      const expected = seedsOf(first!.variants.get(variant)!);
      if (seeds !== expected)
        throw new GenEnvError(
          'usage',
          `${world.name} has ${variant} on seeds ${seeds}, ${first!.name} on ${expected}: pool comparisons of the ` +
            'same run seeds, every run finished',
        );
    }
}

/**
 * `left` against `right` on `set` over the worlds given: the ratio of the means over every run of those worlds, and
 * the difference left − right per pair (world, seed) with its 95% interval.
 */
export function pooledPair(worlds: readonly World[], left: string, right: string, set: string): PairFigure {
  const runsOf = (variant: string) => worlds.flatMap((world) => world.variants.get(variant) ?? []);
  const ratio =
    (mean(runsOf(left).map((run) => scoreOf(run, set))) ?? Number.NaN) /
    (mean(runsOf(right).map((run) => scoreOf(run, set))) ?? Number.NaN);
  const differences = worlds.flatMap((world) =>
    pairedDifferences(world.variants.get(left) ?? [], world.variants.get(right) ?? [], set),
  );
  return { ratio, difference: estimate(differences), pairs: differences.length };
}

/** A variant over the worlds given: its runs, its score per set (mean and interval over runs) and its in-band share. */
export interface VariantScope {
  scope: string;
  runs: number;
  scores: Record<string, Estimate>;
  inBand: Estimate;
}

/** The pooled claim: per variant and per pair of variants, each per world and then pooled. */
export interface PooledClaim {
  worlds: string[];
  /** The held-out sets and `mean`, the mean of a run's sets. */
  sets: string[];
  variants: { variant: string; scopes: VariantScope[] }[];
  /** Every pair of variants, genenv first where it is one of them. */
  pairs: { variant: string; against: string; scopes: { scope: string; bySet: Record<string, PairFigure> }[] }[];
  /** The rollouts to reach the strongest baseline's final test-hard, per world and pooled (null where none). */
  rolloutsToReach: { scope: string; figure: ReturnType<typeof rolloutsFigure> }[];
}

/** Pools the worlds' comparisons (`checkWorlds` first); `baselines` default to every variant but genenv. */
export function pooledClaim(worlds: readonly World[], baselines?: readonly string[]): PooledClaim {
  checkWorlds(worlds);
  const variantNames = [...worlds[0]!.variants.keys()];
  const sets = [
    ...[
      ...new Set(
        worlds.flatMap((world) =>
          [...world.variants.values()].flatMap((runs) => runs.flatMap((run) => Object.keys(run.heldOut))),
        ),
      ),
    ].sort(),
    'mean',
  ];
  const scopes: { scope: string; worlds: readonly World[] }[] = [
    ...worlds.map((world) => ({ scope: world.name, worlds: [world] })),
    { scope: POOLED, worlds },
  ];
  const variants = variantNames.map((variant) => ({
    variant,
    scopes: scopes.map(({ scope, worlds: some }): VariantScope => {
      const runs = some.flatMap((world) => world.variants.get(variant) ?? []);
      return {
        scope,
        runs: runs.length,
        scores: Object.fromEntries(sets.map((set) => [set, estimate(runs.map((run) => scoreOf(run, set)))])),
        inBand: estimate(runs.map((run) => inBandShare(run, IN_BAND_AFTER))),
      };
    }),
  }));
  const order = [...variantNames].sort((left, right) => Number(right === 'genenv') - Number(left === 'genenv'));
  const pairs = order.flatMap((variant, index) =>
    order.slice(index + 1).map((against) => ({
      variant,
      against,
      scopes: scopes.map(({ scope, worlds: some }) => ({
        scope,
        bySet: Object.fromEntries(sets.map((set) => [set, pooledPair(some, variant, against, set)])),
      })),
    })),
  );
  const rolloutsToReach = scopes.map(({ scope, worlds: some }) => ({
    scope,
    figure: rolloutsFigure(
      new Map(
        variantNames.map((variant) => [variant, some.flatMap((world) => world.variants.get(variant) ?? [])] as const),
      ),
      baselines,
    ),
  }));
  return { worlds: worlds.map((world) => world.name), sets, variants, pairs, rolloutsToReach };
}
