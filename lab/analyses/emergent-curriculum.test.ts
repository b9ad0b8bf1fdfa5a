import { describe, expect, it } from 'vitest';
import {
  compareCurricula,
  curriculumByEpoch,
  curriculumByFamily,
  linearSlope,
  type CurriculumRow,
} from './emergent-curriculum.ts';

const row = (epoch: number, difficulty: number, successRate: number | null, inBand: boolean | null): CurriculumRow => ({
  epoch,
  features: { difficulty },
  successRate,
  inBand,
});

describe('emergent curriculum', () => {
  it('averages features, p̂ and in-band share per epoch', () => {
    const epochs = curriculumByEpoch([row(2, 1, 0.5, true), row(1, 2, null, null), row(2, 3, 0.1, false)]);
    expect(epochs.map((epoch) => epoch.epoch)).toEqual([1, 2]);
    expect(epochs[0]).toEqual({
      epoch: 1,
      taskTypes: 1,
      features: { difficulty: 2 },
      successRate: null,
      inBandFraction: null,
    });
    expect(epochs[1]!.features.difficulty).toBe(2);
    expect(epochs[1]!.successRate).toBeCloseTo(0.3, 12);
    expect(epochs[1]!.inBandFraction).toBe(0.5);
  });

  it('least-squares slope', () => {
    expect(linearSlope([1, 2, 3], [1, 3, 5])).toBeCloseTo(2, 12);
    expect(linearSlope([1, 1], [1, 3])).toBeNull();
    expect(linearSlope([1], [1])).toBeNull();
  });

  it('compares two runs epoch by epoch and by trend from the first co-evolution epoch', () => {
    const rising = curriculumByEpoch([row(0, 5, null, null), row(1, 1, null, null), row(2, 2, null, null)]);
    const flat = curriculumByEpoch([row(0, 5, null, null), row(1, 1, null, null), row(2, 1, null, null)]);
    const [difficulty] = compareCurricula(rising, flat);
    expect(difficulty!.feature).toBe('difficulty');
    expect(difficulty!.epochs.map((epoch) => epoch.difference)).toEqual([0, 0, 1]);
    // Epoch 0 (before any update) is left out of the trend.
    expect(difficulty!.slopeFirst).toBeCloseTo(1, 12);
    expect(difficulty!.slopeSecond).toBeCloseTo(0, 12);
  });

  it('summarises each family from the first co-evolution epoch on', () => {
    const rows: CurriculumRow[] = [
      { ...row(0, 9, 0.9, false), family: 'b' },
      { ...row(1, 1, 0.5, true), family: 'b' },
      { ...row(2, 3, 0.1, false), family: 'b' },
      { ...row(1, 2, null, null), family: 'a' },
      row(1, 4, 1, false),
    ];
    const families = curriculumByFamily(rows);
    expect(families.map((entry) => entry.family)).toEqual(['', 'a', 'b']);
    const b = families[2]!;
    // Epoch 0 is left out: two task types, not three.
    expect(b.taskTypes).toBe(2);
    expect(b.features.difficulty).toBe(2);
    expect(b.successRate).toBeCloseTo(0.3, 12);
    expect(b.inBandFraction).toBe(0.5);
    expect(families[1]).toEqual({
      family: 'a',
      taskTypes: 1,
      features: { difficulty: 2 },
      successRate: null,
      inBandFraction: null,
    });
    expect(curriculumByFamily(rows, 0)[2]!.taskTypes).toBe(3);
  });
});
