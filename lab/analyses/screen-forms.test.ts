import { describe, expect, it } from 'vitest';
import { screenFormFigures, screenOf, type TaskTypeOutcomes } from './screen-forms.ts';

const settings = { alpha: 0.5, kMin: 0.1, tasksPerEpoch: 4, variations: 2, samples: 2 };
// Two variations of two rollouts each: a task type solved on one variation only (p̂ ½), one always solved, one solved
// on the first rollout of each variation only (p̂ ½).
const half: TaskTypeOutcomes = [
  [true, true],
  [false, false],
];
const always: TaskTypeOutcomes = [
  [true, true],
  [true, true],
];
const alternating: TaskTypeOutcomes = [
  [true, false],
  [true, false],
];

describe('screen forms replayed', () => {
  it('reads the first rollouts of the first variations', () => {
    expect(screenOf(half, { variations: 1, samples: 2 })).toEqual({ successes: 2, attempts: 2 });
    expect(screenOf(half, { variations: 2, samples: 1 })).toEqual({ successes: 1, attempts: 2 });
  });

  it('keeps what a screen finds mixed: one variation misses what differs between variations', () => {
    const taskTypes = [half, always, alternating];
    const grouped = screenFormFigures(taskTypes, { variations: 1, samples: 2 }, settings);
    const spread = screenFormFigures(taskTypes, { variations: 2, samples: 1 }, settings);
    expect(grouped.kept).toBeCloseTo(1 / 3);
    expect(spread.kept).toBeCloseTo(1 / 3);
    expect(grouped.keptInBand).toBe(1);
    expect(grouped.mixed).toBeCloseTo(2 / 3);
    // A screen of both variations' both rollouts keeps both mixed ones.
    expect(screenFormFigures(taskTypes, { variations: 2, samples: 2 }, settings).kept).toBeCloseTo(2 / 3);
  });

  it("counts how many task types the epoch's budget then trains on", () => {
    // Keep rate ⅓, a screen of 2 rollouts, 4 for a kept one in all: each kept costs 4 + 2·(⅔)/(⅓) = 8, so the budget
    // of 4 × 4 = 16 rollouts trains 2 task types.
    const figures = screenFormFigures([half, always, always], { variations: 2, samples: 1 }, settings);
    expect(figures.trainedPerEpoch).toBeCloseTo(2);
    expect(figures.inBandPerEpoch).toBeCloseTo(2);
    expect(screenFormFigures([always], { variations: 1, samples: 2 }, settings).trainedPerEpoch).toBe(0);
  });
});
