import { describe, expect, it } from 'vitest';
import { formatDuration, remainingSeconds } from './run-clock.ts';

describe('formatDuration', () => {
  it('writes seconds, minutes and hours as a person reads them', () => {
    expect(formatDuration(0.4)).toBe('0s');
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(7620)).toBe('2h 07m');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(Number.NaN)).toBe('–');
  });
});

describe('remainingSeconds', () => {
  it('is unknown before two epochs have ended, and zero when none remain', () => {
    expect(remainingSeconds([], 5)).toBeNull();
    expect(remainingSeconds([4000], 3)).toBeNull();
    expect(remainingSeconds([1000], 0)).toBe(0);
  });
  it('takes the pace between epoch ends, leaving the slow start out', () => {
    // 10 s of start-up and warm start, then 2 s per epoch.
    expect(remainingSeconds([10_000, 12_000, 14_000], 5)).toBe(10);
  });
});
