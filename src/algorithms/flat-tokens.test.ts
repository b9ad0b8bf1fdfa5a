import { describe, expect, it } from 'vitest';
import { groupMinibatches } from './flat-tokens.ts';

describe('group minibatches', () => {
  it('packs whole groups in the given order until a batch reaches the size', () => {
    const groups = [[0, 1, 2], [3, 4], [5, 6, 7, 8], [9]];
    expect(groupMinibatches(groups, [2, 0, 1, 3], 4)).toEqual([[5, 6, 7, 8], [0, 1, 2, 3, 4], [9]]);
  });

  it('never splits a group larger than the batch and covers every index once', () => {
    const groups = [
      [0, 1, 2, 3, 4, 5],
      [6, 7],
    ];
    const batches = groupMinibatches(groups, [0, 1], 2);
    expect(batches).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(batches.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(groupMinibatches([], [], 8)).toEqual([]);
  });
});
