import { describe, expect, it } from 'vitest';
import { betweenInstanceShare, effectiveAttempts, signalShare } from './outcome-correlation.ts';

describe('outcome correlation within instances', () => {
  it('counts the rollouts of mixed instances as signal', () => {
    expect(signalShare([])).toBe(0);
    expect(
      signalShare([
        [1, 1, 1, 1],
        [0, 0, 0, 0],
      ]),
    ).toBe(0);
    expect(
      signalShare([
        [1, 0, 1, 1],
        [0, 0, 0, 0],
      ]),
    ).toBe(0.5);
    expect(
      signalShare([
        [1, 0],
        [0, 1, 1, 1],
      ]),
    ).toBe(1);
  });

  it('puts all variance between instances when each instance is fixed, none when outcomes ignore the instance', () => {
    expect(
      betweenInstanceShare([
        [1, 1, 1],
        [0, 0, 0],
      ]),
    ).toBe(1);
    expect(
      betweenInstanceShare([
        [1, 0],
        [0, 1],
        [1, 0],
      ]),
    ).toBe(0);
    expect(
      betweenInstanceShare([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(betweenInstanceShare([])).toBeNull();
    // Two instances at 3/4 and 1/4: total variance 1/4, within 3/16, so a quarter lies between them.
    expect(
      betweenInstanceShare([
        [1, 1, 1, 0],
        [0, 0, 0, 1],
      ]),
    ).toBeCloseTo(0.25, 12);
  });

  it('values n·G attempts as n·G independent draws without correlation and as n with full correlation', () => {
    expect(effectiveAttempts(4, 8, 0)).toBe(32);
    expect(effectiveAttempts(4, 8, 1)).toBe(4);
    expect(effectiveAttempts(8, 4, 0.78)).toBeCloseTo(32 / (1 + 3 * 0.78), 12);
    expect(effectiveAttempts(8, 1, 0.9)).toBe(8);
    expect(() => effectiveAttempts(0, 4, 0.5)).toThrow(RangeError);
  });
});
