import { describe, expect, it } from 'vitest';
import { figureOf, type FormRun, formEstimate, pairedForms } from './paired-forms.ts';

const run = (worldSeed: number, seed: number, hard: number, rollouts = 1000): FormRun => ({
  worldSeed,
  seed,
  heldOut: { 'test-id': 0.9, 'test-hard': hard },
  inBand: 0.1,
  rollouts,
  wallSeconds: 120,
  taskTypes: 32,
});

describe('forms paired by world and seed', () => {
  it('reads a held-out set or a figure of the run', () => {
    expect(figureOf(run(1, 1, 0.4), 'heldout/test-hard')).toBe(0.4);
    expect(figureOf(run(1, 1, 0.4), 'heldout/missing')).toBeNaN();
    expect(figureOf(run(1, 1, 0.4, 512), 'rollouts')).toBe(512);
    expect(formEstimate([run(1, 1, 0.4), run(2, 1, 0.6)], 'heldout/test-hard').mean).toBeCloseTo(0.5);
  });

  it('pairs the runs of one world and seed only: the same seed on another world is another run', () => {
    const left = [run(1, 1, 0.5), run(2, 1, 0.3), run(1, 2, 0.6)];
    const right = [run(1, 1, 0.4), run(2, 1, 0.4), run(2, 2, 0.1)];
    const result = pairedForms(left, right, 'heldout/test-hard');
    expect(result.pairs).toBe(2);
    expect(result.ahead).toBe(1);
    expect(result.difference.mean).toBeCloseTo(0);
  });
});
