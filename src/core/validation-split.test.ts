import { describe, expect, it } from 'vitest';
import { validationIndices } from './validation-split.ts';

describe('the validation split of the warm start', () => {
  it('holds out round(fraction × count) distinct items, the same for the same seed', () => {
    const held = validationIndices(1920, 0.1, 7);
    expect(held.size).toBe(192);
    for (const index of held) expect(index >= 0 && index < 1920 && Number.isInteger(index)).toBe(true);
    expect([...validationIndices(1920, 0.1, 7)]).toEqual([...held]);
    expect([...validationIndices(1920, 0.1, 8)]).not.toEqual([...held]);
  });

  it('holds out nothing at fraction 0, and never every item', () => {
    expect(validationIndices(100, 0, 1).size).toBe(0);
    expect(validationIndices(0, 0.5, 1).size).toBe(0);
    expect(validationIndices(3, 1, 1).size).toBe(2);
    expect(validationIndices(1, 0.9, 1).size).toBe(0);
  });

  it('draws the items uniformly: each about as often over many seeds', () => {
    const counts = new Array(10).fill(0);
    for (let seed = 0; seed < 2000; seed++) for (const index of validationIndices(10, 0.2, seed)) counts[index] += 1;
    for (const count of counts) expect(count).toBeGreaterThan(330);
    for (const count of counts) expect(count).toBeLessThan(470);
  });
});
