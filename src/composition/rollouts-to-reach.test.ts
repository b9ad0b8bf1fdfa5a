import { emptyEpoch } from '../../test/support/epoch-metrics.ts';
import { describe, expect, it } from 'vitest';
import { RunSummarySchema, type RunSummary } from '../interfaces/index.ts';
import {
  heldOutCurve,
  type HeldOutCurve,
  ROLLOUTS_METRIC,
  resolveBaselines,
  rolloutsToReach,
} from './rollouts-to-reach.ts';

/** n × G × task types per epoch of the runs below: 10 task types, 5 variations, 20 rollouts each. */
const BUDGET = { tasksPerEpoch: 10, variations: 5, samples: 20 };

/**
 * A run of four epochs whose held-out sets were evaluated at epochs 0, 2 and 4 (test-hard `hard[i]` at the i-th),
 * with the rollout count `rollouts[epoch]` stored at every epoch when given.
 */
function run(seed: number, hard: [number, number, number], rollouts?: number[]): RunSummary {
  const evaluated = [0, 2, 4];
  return RunSummarySchema.parse({
    preset: 'ladder',
    seed,
    variant: 'genenv',
    domain: 'ladder',
    wallSeconds: 1,
    syntheticSamples: 0,
    completedEpochs: 4,
    epochs: [0, 1, 2, 3, 4].map((epoch) => ({
      ...emptyEpoch(epoch),
      heldOutAccuracy: evaluated.includes(epoch) ? { 'test-id': 0.9, 'test-hard': hard[evaluated.indexOf(epoch)] } : {},
      extra: rollouts?.[epoch] === undefined ? {} : { [ROLLOUTS_METRIC]: rollouts[epoch] },
    })),
  });
}

const curve = (summary: RunSummary): HeldOutCurve => heldOutCurve(summary, BUDGET);

/**
 * Worked by hand. Test-hard at epochs 0, 2, 4, mean over the two seeds: genenv 0.2, 0.675, 0.75; uniform 0.2, 0.45,
 * 0.65; random 0.2, 0.3, 0.45. The strongest baseline is uniform (0.65 at the end): genenv's mean reaches it at epoch
 * 2, where its seeds had spent 2,000 and 2,200 rollouts (mean 2,100); uniform reaches its own at epoch 4 (4,000), so
 * genenv needs 2,100 / 4,000 = 0.525 of uniform's. Random never reaches it, and stored no rollout count: its
 * 1,000 a epoch are counted.
 */
const variants = [
  {
    variant: 'genenv',
    runs: [
      curve(run(1, [0.2, 0.7, 0.8], [0, 1000, 2000, 3000, 4000])),
      curve(run(2, [0.2, 0.65, 0.7], [0, 1100, 2200, 3300, 4100])),
    ],
  },
  {
    variant: 'uniform',
    runs: [
      curve(run(1, [0.2, 0.4, 0.6], [0, 1000, 2000, 3000, 4000])),
      curve(run(2, [0.2, 0.5, 0.7], [0, 1000, 2000, 3000, 4000])),
    ],
  },
  { variant: 'random', runs: [curve(run(1, [0.2, 0.3, 0.4])), curve(run(2, [0.2, 0.3, 0.5]))] },
];

describe('the held-out curve of a run', () => {
  it('reads the stored rollout count at the epochs that evaluated the set', () => {
    expect(curve(run(1, [0.2, 0.7, 0.8], [0, 1000, 2000, 3000, 4000]))).toEqual({
      seed: 1,
      counted: false,
      points: [
        { epoch: 0, accuracy: 0.2, rollouts: 0 },
        { epoch: 2, accuracy: 0.7, rollouts: 2000 },
        { epoch: 4, accuracy: 0.8, rollouts: 4000 },
      ],
    });
  });

  it('counts epoch × tasksPerEpoch × n × G for a run stored without the count, and says so', () => {
    const counted = curve(run(3, [0.2, 0.3, 0.4]));
    expect(counted.counted).toBe(true);
    expect(counted.points.map((point) => point.rollouts)).toEqual([0, 2000, 4000]);
    // One epoch from 1 on without the count is enough to count the whole run: a total read from two sources is
    // neither.
    const partial = curve(run(3, [0.2, 0.3, 0.4], [0, 1000]));
    expect(partial.counted).toBe(true);
    expect(partial.points.map((point) => point.rollouts)).toEqual([0, 2000, 4000]);
  });

  it('is empty on a set no epoch evaluated', () => {
    expect(heldOutCurve(run(1, [0.2, 0.3, 0.4]), BUDGET, 'test-other').points).toEqual([]);
  });
});

describe('rollouts to reach the strongest baseline', () => {
  it('reads the first evaluated epoch of the mean curve at the target, as a share of the baseline', () => {
    const reach = rolloutsToReach(variants)!;
    expect(reach).toMatchObject({
      set: 'test-hard',
      baselines: ['uniform', 'random'],
      baseline: 'uniform',
      target: expect.closeTo(0.65, 12),
      counted: true,
    });
    const [genenv, uniform, random] = reach.variants;
    expect(genenv).toMatchObject({ variant: 'genenv', epoch: 2, rollouts: 2100, budget: 4050 });
    expect(genenv!.share).toBeCloseTo(0.525, 12);
    expect(uniform).toMatchObject({ variant: 'uniform', epoch: 4, rollouts: 4000, share: 1, budget: 4000 });
    expect(random).toMatchObject({ variant: 'random', epoch: null, rollouts: null, share: null, budget: 4000 });
  });

  it('keeps each seed: its own first epoch at the target, or never with the budget it had', () => {
    const reach = rolloutsToReach(variants)!;
    expect(reach.variants.map((figure) => figure.perSeed)).toEqual([
      [
        { seed: 1, epoch: 2, rollouts: 2000, budget: 4000 },
        // 0.65 is at the target: reaching means at least it.
        { seed: 2, epoch: 2, rollouts: 2200, budget: 4100 },
      ],
      [
        // Uniform's first seed ends below uniform's mean: it never reaches its own variant's target.
        { seed: 1, epoch: null, rollouts: null, budget: 4000 },
        { seed: 2, epoch: 4, rollouts: 4000, budget: 4000 },
      ],
      [
        { seed: 1, epoch: null, rollouts: null, budget: 4000 },
        { seed: 2, epoch: null, rollouts: null, budget: 4000 },
      ],
    ]);
  });

  it('takes the baselines it is given', () => {
    const reach = rolloutsToReach(variants, ['random'])!;
    expect(reach).toMatchObject({ baselines: ['random'], baseline: 'random', target: expect.closeTo(0.45, 12) });
    // Uniform's mean is 0.45 at epoch 2 and genenv's 0.675: both reach random's final there.
    expect(reach.variants.map((figure) => [figure.variant, figure.epoch, figure.rollouts])).toEqual([
      ['genenv', 2, 2100],
      ['uniform', 2, 2000],
      ['random', 4, 4000],
    ]);
    expect(reach.counted).toBe(true);
    expect(rolloutsToReach(variants.slice(0, 2), ['uniform'])!.counted).toBe(false);
  });

  it('does not let the order of a summation decide whether a mean reaches the target', () => {
    // The mean of 0.7 and 0.6 is 0.6499999999999999 in floating point, that of 0.65 and 0.65 is 0.65: the same
    // held-out items solved.
    const tie = [
      { variant: 'genenv', runs: [curve(run(1, [0.2, 0.7, 0.7])), curve(run(2, [0.2, 0.6, 0.6]))] },
      { variant: 'uniform', runs: [curve(run(1, [0.2, 0.4, 0.65])), curve(run(2, [0.2, 0.4, 0.65]))] },
    ];
    expect(rolloutsToReach(tie)!.variants[0]).toMatchObject({ epoch: 2, rollouts: 2000, share: 0.5 });
  });

  it('is absent without a baseline or a curve, and refuses a baseline that is not a variant', () => {
    expect(rolloutsToReach(variants.slice(0, 1))).toBeNull();
    expect(rolloutsToReach(variants.map((variant) => ({ ...variant, runs: [] })))).toBeNull();
    expect(() => rolloutsToReach(variants, ['unifrom'])).toThrow(
      'baseline "unifrom" is not a variant of the comparison (its variants: genenv, uniform, random)',
    );
    expect(() => resolveBaselines(['genenv'], [])).toThrow('the list of baselines is empty');
    expect(resolveBaselines(['genenv', 'sampler', 'uniform'])).toEqual(['sampler', 'uniform']);
  });
});
