import { describe, expect, it } from 'vitest';
import { calibratedShare } from '../suites/ladder-frontier.ts';
import {
  blockMeasures,
  competenceEdge,
  factorWithinCells,
  isHardCell,
  type LadderGroup,
  rungOfCell,
} from './frontier-measures.ts';

const group = (
  epoch: number,
  constraints: number,
  distractors: number,
  successes: number,
  factor = 0,
): LadderGroup => ({
  epoch,
  constraints,
  distractors,
  successes,
  rollouts: 4,
  factor,
});

describe('frontier measures', () => {
  it("places test-hard's cells and rungs", () => {
    expect(isHardCell({ constraints: 3, distractors: 2 })).toBe(true);
    expect(isHardCell({ constraints: 5, distractors: 2 })).toBe(false);
    expect(isHardCell({ constraints: 4, distractors: 5 })).toBe(false);
    expect(rungOfCell(1, 0)).toBe(0);
    expect(rungOfCell(4, 4)).toBe(10);
  });

  it('finds the competence edge below the first rung solved less than half the time', () => {
    const groups = [
      ...Array.from({ length: 8 }, () => group(1, 1, 0, 4)),
      ...Array.from({ length: 8 }, () => group(1, 1, 1, 3)),
      ...Array.from({ length: 8 }, () => group(1, 2, 0, 1)),
      ...Array.from({ length: 8 }, () => group(1, 2, 1, 4)),
    ];
    expect(competenceEdge(groups, 32)).toBe(1);
    // A rung with too few rollouts is skipped.
    expect(competenceEdge(groups.slice(0, 16), 32)).toBe(1);
    expect(competenceEdge([...Array.from({ length: 8 }, () => group(1, 1, 0, 0))], 32)).toBeNull();
  });

  it('measures each block: hard share, its signal, all signal, mean rung', () => {
    const groups = [group(1, 3, 2, 2), group(1, 3, 3, 4), group(2, 1, 0, 4), group(2, 1, 0, 1), group(9, 4, 4, 0)];
    const [first, second] = blockMeasures(groups, 8, 1);
    expect(first).toMatchObject({ from: 1, to: 8, groups: 4, hardShare: 0.5, hardMixed: 0.5, allMixed: 0.5 });
    expect(first!.meanRung).toBeCloseTo((6 + 7 + 0 + 0) / 4, 12);
    expect(second).toMatchObject({ from: 9, to: 9, groups: 1, hardShare: 1, hardMixed: 0, edge: null });
  });

  it('splits success and signal by the hidden factor within each cell', () => {
    const unknown = { ...group(1, 1, 0, 4), factor: null };
    expect(factorWithinCells([group(1, 3, 2, 4, 0), group(1, 3, 2, 2, 0), group(1, 3, 2, 0, 3), unknown])).toEqual([
      { constraints: 3, distractors: 2, factor: 0, rollouts: 8, success: 0.75, mixed: 0.5 },
      { constraints: 3, distractors: 2, factor: 3, rollouts: 4, success: 0, mixed: 0 },
    ]);
  });

  it('counts calibrated epochs after the third', () => {
    expect(calibratedShare([0.9, 0.9, 0.9, 0.9, 0.5, 0.45, 0.8, null])).toBeCloseTo(2 / 3, 12);
    expect(Number.isNaN(calibratedShare([0.5, 0.5]))).toBe(true);
  });
});
