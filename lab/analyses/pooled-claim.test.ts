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

/** A world's figures for genenv against one variant, as the notebook prints them. */
interface NotebookFigures {
  /** The other variant's mean over the ten seeds. */
  against: number;
  /** genenv − it: the mean paired difference and its 95% interval. */
  difference: number;
  low: number;
  high: number;
  /** The ratio of the means, to two decimals. */
  ratio: number;
}

/**
 * One world's runs of genenv and `other` (seeds 401–410) whose scores on `set` have the notebook's figures: the other
 * variant's mean, and paired differences of its mean and of the standard deviation its interval gives (half-width ·
 * √10 / t₉). The spread of the differences is the other variant's; on the mean of both sets, both sets hold the score.
 */
function notebookWorld(name: string, other: string, set: 'test-hard' | 'mean', figures: NotebookFigures): World {
  const seeds = Array.from({ length: 10 }, (_, index) => 401 + index);
  // Mean 0 and standard deviation 1 (n − 1): the differences' offsets; genenv's own in another order.
  const spread = Math.sqrt(82.5 / 9);
  const offsets = seeds.map((_, index) => (index - 4.5) / spread);
  const deviation = (((figures.high - figures.low) / 2) * Math.sqrt(10)) / T[9];
  const genenv = seeds.map((_, index) => figures.against + figures.difference + 0.02 * offsets[(index * 3) % 10]!);
  const runs = (scores: number[]) =>
    seeds.map((seed, index) =>
      set === 'test-hard' ? run(seed, scores[index]!) : run(seed, scores[index]!, scores[index]!),
    );
  return world(name, {
    genenv: runs(genenv),
    [other]: runs(genenv.map((score, index) => score - figures.difference - deviation * offsets[index]!)),
  });
}

/** [other's mean, difference, low, high, ratio] per world, as lab/notebook/width-and-parts.md §6 prints them. */
type Row = [number, number, number, number, number];
const figuresOf = ([against, difference, low, high, ratio]: Row): NotebookFigures => ({
  against,
  difference,
  low,
  high,
  ratio,
});

describe("J10's pooled rows (lab/notebook/width-and-parts.md §6), from its per-world figures", () => {
  // The notebook gives per world each variant's mean and genenv's paired difference with its interval, not each seed's
  // score. The pooled mean difference and its t interval follow from those alone (the pairs' mean and spread on each
  // world), so runs built to have them reproduce the pooled rows the notebook computed by hand, to its rounding: each
  // per-world figure is rounded to ±0.0005, and a ratio to ±0.005 beside what its two rounded means carry.
  const ROUNDING = 0.0015;
  const ratioRounding = (ratio: number, genenv: number, other: number) =>
    0.005 + ratio * 0.0005 * (1 / genenv + 1 / other);
  it.each<{ other: string; set: 'test-hard' | 'mean'; w60607: Row; w81929: Row; pooled: Row }>([
    // pooled: [the other's mean over both worlds, difference, low, high, ratio]
    {
      other: 'sampler',
      set: 'test-hard',
      w60607: [0.749, -0.02, -0.111, 0.07, 0.97],
      w81929: [0.674, 0.003, -0.009, 0.014, 1.0],
      pooled: [0.712, -0.009, -0.05, 0.032, 0.99],
    },
    {
      other: 'sampler',
      set: 'mean',
      w60607: [0.861, -0.004, -0.055, 0.046, 1.0],
      w81929: [0.817, 0.004, -0.003, 0.011, 1.0],
      pooled: [0.839, -0.0, -0.023, 0.023, 1.0],
    },
    {
      other: 'sampler-frozen',
      set: 'test-hard',
      w60607: [0.718, 0.011, -0.032, 0.055, 1.02],
      w81929: [0.667, 0.01, -0.01, 0.03, 1.01],
      pooled: [0.692, 0.011, -0.011, 0.033, 1.02],
    },
    {
      other: 'sampler-frozen',
      set: 'mean',
      w60607: [0.855, 0.002, -0.022, 0.026, 1.0],
      w81929: [0.816, 0.005, -0.005, 0.015, 1.01],
      pooled: [0.836, 0.003, -0.008, 0.015, 1.0],
    },
    {
      other: 'dynamic',
      set: 'test-hard',
      w60607: [0.675, 0.053, -0.041, 0.148, 1.08],
      w81929: [0.633, 0.044, 0.005, 0.083, 1.07],
      pooled: [0.654, 0.049, 0.003, 0.095, 1.07],
    },
    {
      other: 'dynamic',
      set: 'mean',
      w60607: [0.834, 0.024, -0.027, 0.075, 1.03],
      w81929: [0.797, 0.024, 0.003, 0.045, 1.03],
      pooled: [0.815, 0.024, -0.001, 0.049, 1.03],
    },
    {
      other: 'paper',
      set: 'test-hard',
      w60607: [0.478, 0.251, 0.119, 0.383, 1.53],
      w81929: [0.519, 0.158, 0.105, 0.21, 1.3],
      pooled: [0.499, 0.204, 0.136, 0.272, 1.41],
    },
    {
      other: 'paper',
      set: 'mean',
      w60607: [0.715, 0.142, 0.043, 0.242, 1.2],
      w81929: [0.732, 0.088, 0.062, 0.115, 1.12],
      pooled: [0.724, 0.115, 0.067, 0.164, 1.16],
    },
    {
      other: 'uniform',
      set: 'test-hard',
      w60607: [0.658, 0.07, 0.007, 0.134, 1.11],
      w81929: [0.603, 0.074, 0.031, 0.117, 1.12],
      pooled: [0.631, 0.072, 0.038, 0.107, 1.11],
    },
    {
      other: 'uniform',
      set: 'mean',
      w60607: [0.826, 0.031, -0.003, 0.066, 1.04],
      w81929: [0.779, 0.042, 0.02, 0.063, 1.05],
      pooled: [0.802, 0.036, 0.018, 0.055, 1.05],
    },
    {
      other: 'random',
      set: 'test-hard',
      w60607: [0.189, 0.54, 0.46, 0.621, 3.87],
      w81929: [0.186, 0.49, 0.437, 0.544, 3.63],
      pooled: [0.188, 0.515, 0.47, 0.561, 3.75],
    },
    {
      other: 'random',
      set: 'mean',
      w60607: [0.588, 0.269, 0.232, 0.306, 1.46],
      w81929: [0.574, 0.246, 0.22, 0.273, 1.43],
      pooled: [0.581, 0.258, 0.237, 0.279, 1.44],
    },
  ])('genenv against $other on $set', ({ other, set, w60607, w81929, pooled }) => {
    const claim = pooledClaim([
      notebookWorld('w60607', other, set, figuresOf(w60607)),
      notebookWorld('w81929', other, set, figuresOf(w81929)),
    ]);
    const pair = claim.pairs.find((entry) => entry.variant === 'genenv' && entry.against === other)!;
    const scores = (variant: string) =>
      claim.variants.find((entry) => entry.variant === variant)!.scopes.find((scope) => scope.scope === 'pooled')!
        .scores[set]!.mean;
    expect(Math.abs(scores(other) - pooled[0])).toBeLessThanOrEqual(ROUNDING);
    for (const [scope, expected] of [
      ['w60607', w60607],
      ['w81929', w81929],
      ['pooled', pooled],
    ] as const) {
      const figure = pair.scopes.find((entry) => entry.scope === scope)!.bySet[set]!;
      const [, difference, low, high, ratio] = expected;
      expect(figure.pairs).toBe(scope === 'pooled' ? 20 : 10);
      expect(Math.abs(figure.difference.mean - difference)).toBeLessThanOrEqual(ROUNDING);
      expect(Math.abs(figure.difference.low - low)).toBeLessThanOrEqual(ROUNDING);
      expect(Math.abs(figure.difference.high - high)).toBeLessThanOrEqual(ROUNDING);
      // genenv's mean is about the ratio times the other's.
      expect(Math.abs(figure.ratio - ratio)).toBeLessThanOrEqual(
        ratioRounding(ratio, ratio * expected[0], expected[0]),
      );
    }
  });
});
