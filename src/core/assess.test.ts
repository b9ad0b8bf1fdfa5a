import { describe, expect, it } from 'vitest';
import { pooledCounts } from './assess.ts';

describe('pooledCounts', () => {
  it('sums successes and attempts over the task types of one spec and leaves the others alone', () => {
    const taskTypes = [
      { spec: { filters: ['city'], distractors: 3 }, successes: 16, attempts: 16 },
      { spec: { filters: ['role'], distractors: 0 }, successes: 5, attempts: 16 },
      { spec: { filters: ['city'], distractors: 3 }, successes: 8, attempts: 16 },
      { spec: null, successes: 2, attempts: 4 },
      { spec: { filters: ['city'], distractors: 3 }, successes: 12, attempts: 16 },
    ];
    expect(pooledCounts(taskTypes)).toEqual([
      { successes: 36, attempts: 48 },
      { successes: 5, attempts: 16 },
      { successes: 36, attempts: 48 },
      { successes: 2, attempts: 4 },
      { successes: 36, attempts: 48 },
    ]);
  });

  it('keeps every count of a batch without repeats', () => {
    const taskTypes = [1, 2, 3].map((distractors) => ({ spec: { distractors }, successes: distractors, attempts: 4 }));
    expect(pooledCounts(taskTypes)).toEqual(taskTypes.map(({ successes, attempts }) => ({ successes, attempts })));
  });
});
