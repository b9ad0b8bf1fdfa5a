import { describe, expect, it } from 'vitest';
import type { RunFigures } from './paired-claim.ts';
import { checkWorlds, pooledClaim, pooledPair, type World } from './pooled-claim.ts';

/** Student's t, 97.5% quantile, for 2, 5, 9 and 19 degrees of freedom. */
const T = { 2: 4.303, 5: 2.571, 9: 2.262, 19: 2.093 };

/** A run's final held-out accuracy, with the share of task types in the band at epochs 4 and 5 when given. */
function run(seed: number, hard: number, id = 0.9, inBand: [number, number] = [0.3, 0.3]): RunFigures {
  return {
    seed,
    heldOut: { 'test-id': id, 'test-hard': hard },
    syntheticSamples: 0,
    epochs: [0, 1, 2, 3, 4, 5].map((epoch) => ({
      epoch,
      successRate: 0.5,
      difficulty: null,
      inBandFraction: epoch > 3 ? inBand[epoch - 4]! : 0,
    })),
  };
}

const world = (name: string, variants: Record<string, RunFigures[]>): World => ({
  name,
  variants: new Map(Object.entries(variants)),
});

/**
 * Worked by hand: genenv − uniform on test-hard is 0.1, 0.2, 0.3 on world a's seeds 1–3 and 0.0, 0.1, 0.2 on world
 * b's seeds 1–3. World a: mean 0.2, standard deviation 0.1, half-width 4.303 · 0.1 / √3 = 0.24843. Pooled, the six
 * pairs (the same seed on two worlds is two pairs): mean 0.15, deviations ±0.05 (four) and ±0.15 (two), variance
 * 0.055 / 5 = 0.011, half-width 2.571 · √0.011 / √6 = 0.11008.
 */
const worlds = [
  world('a', {
    genenv: [run(1, 0.5), run(2, 0.6), run(3, 0.7)],
    uniform: [run(1, 0.4, 0.9, [0.1, 0.1]), run(2, 0.4, 0.9, [0.1, 0.1]), run(3, 0.4, 0.9, [0.1, 0.1])],
  }),
  world('b', {
    genenv: [run(1, 0.3), run(2, 0.4), run(3, 0.5)],
    uniform: [run(1, 0.3, 0.9, [0.2, 0.4]), run(2, 0.3, 0.9, [0.2, 0.4]), run(3, 0.3, 0.9, [0.2, 0.4])],
  }),
];

describe('the claim pooled over worlds', () => {
  it('pairs runs by world and seed: per world, and pooled with the same seed on two worlds as two pairs', () => {
    const a = pooledPair(worlds.slice(0, 1), 'genenv', 'uniform', 'test-hard');
    expect(a.pairs).toBe(3);
    expect(a.ratio).toBeCloseTo(0.6 / 0.4, 12);
    expect(a.difference.mean).toBeCloseTo(0.2, 12);
    expect(a.difference.high - a.difference.mean).toBeCloseTo((T[2] * 0.1) / Math.sqrt(3), 12);
    const pooled = pooledPair(worlds, 'genenv', 'uniform', 'test-hard');
    expect(pooled.pairs).toBe(6);
    // The ratio of the means over all six runs of each: 0.5 / 0.35.
    expect(pooled.ratio).toBeCloseTo(0.5 / 0.35, 12);
    expect(pooled.difference.mean).toBeCloseTo(0.15, 12);
    expect(pooled.difference.low).toBeCloseTo(0.15 - (T[5] * Math.sqrt(0.011)) / Math.sqrt(6), 12);
    expect(pooled.difference.high).toBeCloseTo(0.15 + 0.11008, 4);
    // Test-id is level everywhere; the mean of both halves test-hard's difference.
    expect(pooledPair(worlds, 'genenv', 'uniform', 'test-id').difference).toEqual({ mean: 0, low: 0, high: 0 });
    expect(pooledPair(worlds, 'genenv', 'uniform', 'mean').difference.mean).toBeCloseTo(0.075, 12);
  });

  it('gives every variant and pair per world and pooled, and the share of task types in the band after epoch 3', () => {
    const claim = pooledClaim(worlds);
    expect(claim.worlds).toEqual(['a', 'b']);
    expect(claim.sets).toEqual(['test-hard', 'test-id', 'mean']);
    const uniform = claim.variants.find((entry) => entry.variant === 'uniform')!;
    expect(uniform.scopes.map((scope) => [scope.scope, scope.runs])).toEqual([
      ['a', 3],
      ['b', 3],
      ['pooled', 6],
    ]);
    // In the band: 0.1 a run on world a, 0.3 (the mean of 0.2 and 0.4) on world b; pooled 0.2.
    expect(uniform.scopes.map((scope) => scope.inBand.mean)).toEqual(
      [0.1, 0.3, 0.2].map((value) => expect.closeTo(value, 12)),
    );
    expect(uniform.scopes[2]!.scores['test-hard']!.mean).toBeCloseTo(0.35, 12);
    expect(claim.pairs.map((pair) => [pair.variant, pair.against, pair.scopes.map((scope) => scope.scope)])).toEqual([
      ['genenv', 'uniform', ['a', 'b', 'pooled']],
    ]);
    expect(claim.pairs[0]!.scopes[2]!.bySet['test-hard']!.pairs).toBe(6);
  });

  it('refuses worlds that cannot be pooled, in one line', () => {
    expect(() => checkWorlds([])).toThrow('pooling needs at least one comparison');
    expect(() => checkWorlds([worlds[0]!, { ...worlds[1]!, name: 'a' }])).toThrow('the world "a" is given twice');
    expect(() => checkWorlds([{ ...worlds[0]!, name: 'pooled' }])).toThrow('"pooled" names the pooled figures');
    const fewer = world('c', { genenv: worlds[1]!.variants.get('genenv')! as RunFigures[] });
    expect(() => checkWorlds([worlds[0]!, fewer])).toThrow(
      'c has the variants genenv, a genenv, uniform: pool comparisons of the same variants',
    );
    const unfinished = world('c', {
      genenv: [run(1, 0.3), run(3, 0.5)],
      uniform: worlds[1]!.variants.get('uniform')! as RunFigures[],
    });
    expect(() => checkWorlds([worlds[0]!, unfinished])).toThrow(
      'c has genenv on seeds 1, 3, a on 1, 2, 3: pool comparisons of the same run seeds, every run finished',
    );
  });

  it('reads the rollouts to reach per world against its own target, and pooled over every run', () => {
    // Test-hard at epochs 0, 2, 4 with 0, 2,000 and 4,000 rollouts spent. World a: uniform's mean 0.2, 0.4, 0.6
    // (target 0.6), genenv's 0.2, 0.6, 0.7: at the target by epoch 2, half uniform's rollouts. World b: uniform 0.2,
    // 0.5, 0.8, genenv 0.2, 0.7, 0.8: epoch 4, the same rollouts. Pooled: uniform 0.2, 0.45, 0.7 (target 0.7) and
    // genenv 0.2, 0.65, 0.75 — epoch 4, a share of 1, not the mean of the worlds' shares.
    const curved = (seed: number, hard: [number, number, number]): RunFigures => ({
      ...run(seed, hard[2]),
      curve: {
        seed,
        counted: false,
        points: hard.map((accuracy, index) => ({ epoch: 2 * index, accuracy, rollouts: 2000 * index })),
      },
    });
    const claim = pooledClaim([
      world('a', {
        genenv: [curved(1, [0.2, 0.6, 0.7]), curved(2, [0.2, 0.6, 0.7])],
        uniform: [curved(1, [0.2, 0.4, 0.6]), curved(2, [0.2, 0.4, 0.6])],
      }),
      world('b', {
        genenv: [curved(1, [0.2, 0.7, 0.8]), curved(2, [0.2, 0.7, 0.8])],
        uniform: [curved(1, [0.2, 0.5, 0.8]), curved(2, [0.2, 0.5, 0.8])],
      }),
    ]);
    expect(
      claim.rolloutsToReach.map(({ scope, figure }) => [
        scope,
        figure!.baseline,
        figure!.target,
        figure!.variants.map((entry) => [entry.variant, entry.epoch, entry.rollouts, entry.share]),
      ]),
    ).toEqual([
      [
        'a',
        'uniform',
        0.6,
        [
          ['genenv', 2, 2000, 0.5],
          ['uniform', 4, 4000, 1],
        ],
      ],
      [
        'b',
        'uniform',
        0.8,
        [
          ['genenv', 4, 4000, 1],
          ['uniform', 4, 4000, 1],
        ],
      ],
      [
        'pooled',
        'uniform',
        expect.closeTo(0.7, 12),
        [
          ['genenv', 4, 4000, 1],
          ['uniform', 4, 4000, 1],
        ],
      ],
    ]);
  });
});

/**
 * Per world, two variants whose scores on `set` have, over seeds 401–410, the other variant's mean `against` and
 * paired differences of mean `difference` and the standard deviation their 95% interval [low, high] gives
 * (half-width · √10 / t₉). On the mean of both sets, test-id is the same for both variants, so the difference lies in
 * test-hard.
 */
function notebookWorld(
  name: string,
  other: string,
  set: 'test-hard' | 'mean',
  stats: { against: number; difference: number; low: number; high: number },
): World {
  const seeds = Array.from({ length: 10 }, (_, index) => 401 + index);
  // Mean 0, standard deviation 1 (n − 1): the seeds' offsets, and another order of them for the other variant.
  const spread = Math.sqrt(82.5 / 9);
  const offsets = seeds.map((_, index) => (index - 4.5) / spread);
  const deviation = (((stats.high - stats.low) / 2) * Math.sqrt(10)) / T[9];
  const figures = (score: (index: number) => number) =>
    seeds.map((seed, index) => {
      const value = score(index);
      return set === 'test-hard' ? run(seed, value) : run(seed, 2 * value - 0.97, 0.97);
    });
  const againstScore = (index: number) => stats.against + 0.02 * offsets[(index * 3) % 10]!;
  return world(name, {
    genenv: figures((index) => againstScore(index) + stats.difference + deviation * offsets[index]!),
    [other]: figures(againstScore),
  });
}

describe("J10's pooled rows (lab/notebook/width-and-parts.md §6), from its per-world figures", () => {
  // The notebook gives per world the other variant's mean and the paired difference with its interval, not each
  // seed's score; the pooled mean difference and its t interval follow from those alone (the pairs' mean and
  // spread per world), so runs built to have them reproduce the pooled row to the notebook's rounding (each
  // per-world figure to ±0.0005).
  const ROUNDING = 0.0015;
  it.each([
    {
      other: 'uniform',
      set: 'test-hard' as const,
      w60607: { against: 0.658, difference: 0.07, low: 0.007, high: 0.134, ratio: '1.11' },
      w81929: { against: 0.603, difference: 0.074, low: 0.031, high: 0.117, ratio: '1.12' },
      pooled: { difference: 0.072, low: 0.038, high: 0.107, ratio: '1.11' },
    },
    {
      other: 'sampler',
      set: 'test-hard' as const,
      w60607: { against: 0.749, difference: -0.02, low: -0.111, high: 0.07, ratio: '0.97' },
      w81929: { against: 0.674, difference: 0.003, low: -0.009, high: 0.014, ratio: '1.00' },
      pooled: { difference: -0.009, low: -0.05, high: 0.032, ratio: '0.99' },
    },
    {
      other: 'sampler-frozen',
      set: 'mean' as const,
      w60607: { against: 0.855, difference: 0.002, low: -0.022, high: 0.026, ratio: '1.00' },
      w81929: { against: 0.816, difference: 0.005, low: -0.005, high: 0.015, ratio: '1.01' },
      pooled: { difference: 0.003, low: -0.008, high: 0.015, ratio: '1.00' },
    },
    {
      other: 'sampler',
      set: 'mean' as const,
      w60607: { against: 0.861, difference: -0.004, low: -0.055, high: 0.046, ratio: '1.00' },
      w81929: { against: 0.817, difference: 0.004, low: -0.003, high: 0.011, ratio: '1.00' },
      pooled: { difference: -0.0, low: -0.023, high: 0.023, ratio: '1.00' },
    },
  ])('genenv against $other on $set', ({ other, set, w60607, w81929, pooled }) => {
    const worlds = [notebookWorld('w60607', other, set, w60607), notebookWorld('w81929', other, set, w81929)];
    const claim = pooledClaim(worlds);
    const pair = claim.pairs.find((entry) => entry.variant === 'genenv' && entry.against === other)!;
    for (const [scope, expected] of [
      ['w60607', w60607],
      ['w81929', w81929],
      ['pooled', pooled],
    ] as const) {
      const figure = pair.scopes.find((entry) => entry.scope === scope)!.bySet[set]!;
      expect(figure.pairs).toBe(scope === 'pooled' ? 20 : 10);
      expect(figure.ratio.toFixed(2)).toBe(expected.ratio);
      expect(Math.abs(figure.difference.mean - expected.difference)).toBeLessThanOrEqual(ROUNDING);
      expect(Math.abs(figure.difference.low - expected.low)).toBeLessThanOrEqual(ROUNDING);
      expect(Math.abs(figure.difference.high - expected.high)).toBeLessThanOrEqual(ROUNDING);
    }
  });
});
