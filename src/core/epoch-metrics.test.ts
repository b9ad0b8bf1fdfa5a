import { describe, expect, it } from 'vitest';
import { budgetMetrics, computeEpochMetrics, difficultyCounts } from './epoch-metrics.ts';
import type { AssessedTaskType } from './task-type.ts';

/** An attempted task type with the given difficulty features (p̂ 1/2, one trace). */
function taskType(features: Record<string, number>): AssessedTaskType {
  return {
    features,
    successes: 1,
    attempts: 2,
    assessment: { successRate: 0.5, envReward: 1, inBand: true, weight: 1 },
    traces: [{ completion: { text: 'ab' }, reward: 1 }],
  } as unknown as AssessedTaskType;
}

const input = (taskTypes: AssessedTaskType[]) => ({
  epoch: 2,
  taskTypes,
  invalidProposals: 0,
  heldOutAccuracy: {},
  syntheticSamples: 0,
  extra: {},
});

describe('difficulty counts', () => {
  it('counts task types per integer difficulty level', () => {
    const levels = [0, 1, 1, 1, 3, 11, 11].map((difficulty) => ({ features: { difficulty, depth: 2 } }));
    expect(difficultyCounts(levels)).toEqual({ '0': 1, '1': 3, '3': 1, '11': 2 });
  });

  it('rounds a continuous difficulty to the nearest level, halves up', () => {
    const levels = [0.49, 0.5, 1.2, 1.5, 2.4999, 2.5, 5.51].map((difficulty) => ({ features: { difficulty } }));
    expect(difficultyCounts(levels)).toEqual({ '0': 1, '1': 2, '2': 2, '3': 1, '6': 1 });
  });

  it('keys a level just below zero as "0" and a negative level by its sign', () => {
    expect(difficultyCounts([{ features: { difficulty: -0.4 } }, { features: { difficulty: -1.2 } }])).toEqual({
      '0': 1,
      '-1': 1,
    });
  });

  it('leaves out task types without a finite difficulty feature', () => {
    const taskTypes: { features: Record<string, number> }[] = [
      { features: { depth: 3 } },
      { features: { difficulty: Number.NaN } },
      { features: { difficulty: 2 } },
    ];
    expect(difficultyCounts(taskTypes)).toEqual({ '2': 1 });
    expect(difficultyCounts([])).toEqual({});
  });

  it("is part of an epoch's metrics, empty for an epoch without valid task types", () => {
    const metrics = computeEpochMetrics(
      input([
        taskType({ difficulty: 1.4, depth: 1 }),
        taskType({ difficulty: 1.6, depth: 2 }),
        taskType({ difficulty: 1 }),
      ]),
    );
    expect(metrics.difficultyCounts).toEqual({ '1': 2, '2': 1 });
    expect(metrics.taskComplexity.difficulty).toBeCloseTo(4 / 3, 12);
    expect(computeEpochMetrics(input([])).difficultyCounts).toEqual({});
  });
});

describe('the rollout budget', () => {
  it('counts the attempts of the generated and screened-out task types, and sums them over epochs 1 … t', () => {
    const attempted = [{ attempts: 32 }, { attempts: 4 }, { attempts: 4 }];
    expect(budgetMetrics(3, attempted, 1000)).toEqual({ 'budget/rollouts': 40, 'budget/rolloutsTotal': 1040 });
    expect(budgetMetrics(1, [], 0)).toEqual({ 'budget/rollouts': 0, 'budget/rolloutsTotal': 0 });
    // Epoch 0 evaluates the warm start: its rollouts are reported, and no total counts them.
    expect(budgetMetrics(0, attempted, 0)).toEqual({ 'budget/rollouts': 40, 'budget/rolloutsTotal': 0 });
  });
});
