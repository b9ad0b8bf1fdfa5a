import { describe, expect, it } from 'vitest';
import { distinctSpecShare, distractorsBeforeLastValue, mixedShare, successByFactor } from './link-measures.ts';

describe('link measures', () => {
  it('counts groups with both outcomes among task types in the band', () => {
    const groups = [
      { taskSuccess: 0.5, successes: 2, rollouts: 4 },
      { taskSuccess: 0.5, successes: 4, rollouts: 4 },
      { taskSuccess: 0.5, successes: 0, rollouts: 4 },
      { taskSuccess: 0.9, successes: 3, rollouts: 4 },
    ];
    expect(mixedShare(groups, 0.3, 0.7)).toEqual({ groups: 3, mixed: 1 / 3 });
    expect(mixedShare(groups)).toEqual({ groups: 4, mixed: 0.5 });
    expect(mixedShare([], 0.3, 0.7).mixed).toBeNaN();
  });

  it('counts the ruled-out values before the last value to copy', () => {
    const mention = (ruledOut: boolean) => ({ ruledOut });
    expect(distractorsBeforeLastValue([mention(false), mention(true), mention(true)])).toBe(0);
    expect(distractorsBeforeLastValue([mention(true), mention(false), mention(true), mention(false)])).toBe(2);
    expect(distractorsBeforeLastValue([mention(true), mention(true), mention(true), mention(false)])).toBe(3);
    expect(distractorsBeforeLastValue([mention(true)])).toBeNull();
  });

  it('gives the success rate per factor value in ascending order', () => {
    const rows = [
      { factor: 2, success: false },
      { factor: 0, success: true },
      { factor: 2, success: true },
      { factor: 0, success: true },
    ];
    expect(successByFactor(rows)).toEqual([
      { factor: 0, rollouts: 2, success: 1 },
      { factor: 2, rollouts: 2, success: 0.5 },
    ]);
  });

  it('measures how many distinct specs an epoch holds', () => {
    const epochs = new Map([
      [1, ['a', 'b', 'c', 'd']],
      [2, ['a', 'a', 'a', 'a']],
    ]);
    expect(distinctSpecShare(epochs)).toBeCloseTo((1 + 0.25) / 2, 10);
    expect(distinctSpecShare(new Map())).toBeNaN();
  });
});
