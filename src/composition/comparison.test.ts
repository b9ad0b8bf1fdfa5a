import { describe, expect, it } from 'vitest';
import { ComparisonSchema, type Comparison } from '../interfaces/index.ts';
import { comparisonTable } from './comparison.ts';

const variant = (name: string, hard: number) => ({
  variant: name,
  seeds: [1, 2],
  perSeed: { 'test-hard': [hard, hard] },
  mean: { 'test-hard': hard },
  interval: { 'test-hard': [hard - 0.01, hard + 0.01] as [number, number] },
  syntheticSamples: 96,
  runs: [`${name}/seed-1`, `${name}/seed-2`],
});

/** A comparison stored before the rollouts figure: what `genenv compare --collect` read back then. */
const stored: Comparison = ComparisonSchema.parse({
  preset: 'ladder',
  seeds: [1, 2],
  variants: [variant('genenv', 0.7), variant('uniform', 0.6), variant('random', 0.2)],
});

const withReach: Comparison = ComparisonSchema.parse({
  ...stored,
  rolloutsToReach: {
    set: 'test-hard',
    baselines: ['uniform', 'random'],
    baseline: 'uniform',
    target: 0.6,
    counted: true,
    variants: [
      {
        variant: 'genenv',
        epoch: 24,
        rollouts: 24576,
        share: 0.5,
        budget: 49152,
        perSeed: [
          { seed: 1, epoch: 24, rollouts: 24576, budget: 49152 },
          { seed: 2, epoch: 40, rollouts: 40960, budget: 49152 },
        ],
      },
      {
        variant: 'uniform',
        epoch: 48,
        rollouts: 49152,
        share: 1,
        budget: 49152,
        perSeed: [
          { seed: 1, epoch: 48, rollouts: 49152, budget: 49152 },
          { seed: 2, epoch: null, rollouts: null, budget: 49152 },
        ],
      },
      {
        variant: 'random',
        epoch: null,
        rollouts: null,
        share: null,
        budget: 49152,
        perSeed: [
          { seed: 1, epoch: null, rollouts: null, budget: 49152 },
          { seed: 2, epoch: null, rollouts: null, budget: 49152 },
        ],
      },
    ],
  },
});

describe('the comparison table', () => {
  it('has the rollouts to reach the strongest baseline beside final accuracy, and says how they were read', () => {
    const lines = comparisonTable(withReach).split('\n');
    expect(lines[0]).toMatch(
      /^variant\s+test-hard \(mean ± 95% CI\)\s+synthetic samples\s+rollouts to uniform's test-hard$/,
    );
    expect(lines[1]).toMatch(/^genenv\s+0\.700 ± 0\.010\s+96\s+24576 \(0\.50×, 2\/2 seeds\)$/);
    expect(lines[2]).toMatch(/^uniform\s+0\.600 ± 0\.010\s+96\s+49152 \(1\.00×, 1\/2 seeds\)$/);
    expect(lines[3]).toMatch(/^random\s+0\.200 ± 0\.010\s+96\s+not reached in 49152 \(0\/2 seeds\)$/);
    expect(lines[4]).toBe(
      "rollouts to reach: at the first evaluated epoch whose test-hard, mean over seeds, is at least uniform's final " +
        "0.600 (the strongest of uniform, random); in brackets their share of uniform's and the seeds that reach it " +
        'alone; rollouts counted as epoch × tasksPerEpoch × n × G (runs stored without a rollout count)',
    );
    expect(lines).toHaveLength(5);
  });

  it('reads a comparison stored before the figure: no column and no note', () => {
    expect(comparisonTable(stored).split('\n')).toEqual([
      'variant  test-hard (mean ± 95% CI)  synthetic samples',
      'genenv   0.700 ± 0.010              96',
      'uniform  0.600 ± 0.010              96',
      'random   0.200 ± 0.010              96',
    ]);
  });
});
