import { describe, expect, it } from 'vitest';
import { seedSpread } from './seed-spread.ts';

describe('spread of a figure over seeds', () => {
  it('names the seeds more than the tolerance from the median', () => {
    expect(seedSpread([0.95, 0.97, 0.5, 0.96, 0.99], 0.1)).toEqual({ median: 0.96, min: 0.5, max: 0.99, outside: [2] });
    expect(seedSpread([0.9, 1], 0.1)).toEqual({ median: 0.95, min: 0.9, max: 1, outside: [] });
  });

  it('has nothing to say without values', () => {
    expect(seedSpread([], 0.1)).toEqual({ median: null, min: null, max: null, outside: [] });
  });
});
