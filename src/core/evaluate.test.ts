import { describe, expect, it } from 'vitest';
import { evaluatesAt } from './evaluate.ts';

describe('held-out cadence', () => {
  it('evaluates the warm start, every multiple of the cadence and the last epoch', () => {
    const epochs = (every: number, last: number) =>
      Array.from({ length: last + 1 }, (_, epoch) => epoch).filter((epoch) => evaluatesAt(epoch, every, last));
    expect(epochs(1, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(epochs(4, 10)).toEqual([0, 4, 8, 10]);
    expect(epochs(4, 48)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(epochs(100, 3)).toEqual([0, 3]);
  });

  it('evaluates an epoch past the planned last one (a resumed run given more epochs)', () => {
    expect(evaluatesAt(7, 4, 6)).toBe(true);
  });
});
