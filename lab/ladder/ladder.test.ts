import { describe, expect, it } from 'vitest';
import { createLadderWorld, OraclePolicy } from '../../src/internal.ts';
import { batchSuccess } from './batch-success.ts';
import { cellInstances, cellRung, knobCells, specRung } from './knob-grid.ts';
import { competenceEdge, frontierGap, nonIncreasing } from './ladder-properties.ts';
import { slope } from './pilot-runs.ts';
import { type CellSuccess, knobMeans, rungProfile } from './rung-profile.ts';

const domain = createLadderWorld({ heldOutSize: 10 });
const rungs = (rates: number[]) => rates.map((successRate, rung) => ({ rung, successRate, cells: 1 }));

describe('the knob grid', () => {
  it('has every combination of knob values, each on the rung the domain gives its specs', () => {
    const cells = knobCells(domain);
    expect(cells).toHaveLength(6 * 7);
    expect(cellRung(domain, { constraints: 1, distractors: 0 })).toBe(0);
    expect(cellRung(domain, { constraints: 3, distractors: 2 })).toBe(6);
    expect(Math.max(...cells.map((cell) => cellRung(domain, cell)))).toBe(16);
    expect(specRung(domain, { filters: ['role', 'team'], distractors: 1 })).toBe(3);
  });

  it('draws fresh instances of one cell', () => {
    const instances = cellInstances(domain, { constraints: 4, distractors: 2 }, 5, 3);
    expect(instances).toHaveLength(5);
    for (const instance of instances) expect(instance.features).toMatchObject({ constraints: 4, distractors: 2 });
  });
});

describe('success per batch and per rung', () => {
  it('counts every rollout of every batch (the oracle solves all)', async () => {
    const batches = [cellInstances(domain, { constraints: 2, distractors: 1 }, 3, 1), []];
    const outcomes = await batchSuccess(new OraclePolicy(), domain, batches, { samples: 2, temperature: 1, seed: 1 });
    expect(outcomes).toEqual([
      { successRate: 1, rollouts: 6 },
      { successRate: 0, rollouts: 0 },
    ]);
  });

  it('averages the cells of a rung and of a knob value, each cell weighing the same', () => {
    const cells: CellSuccess[] = [
      { cell: { constraints: 1, distractors: 0 }, rung: 0, successRate: 1, rollouts: 4 },
      { cell: { constraints: 1, distractors: 1 }, rung: 1, successRate: 0.5, rollouts: 40 },
      { cell: { constraints: 2, distractors: 0 }, rung: 2, successRate: 0.2, rollouts: 4 },
      { cell: { constraints: 2, distractors: 1 }, rung: 1, successRate: 0.3, rollouts: 4 },
    ];
    expect(rungProfile(cells)).toEqual([
      { rung: 0, successRate: 1, cells: 1 },
      { rung: 1, successRate: 0.4, cells: 2 },
      { rung: 2, successRate: 0.2, cells: 1 },
    ]);
    expect(knobMeans(domain, cells, 'constraints').slice(0, 2)).toEqual([
      { value: 1, successRate: 0.75 },
      { value: 2, successRate: 0.25 },
    ]);
  });
});

describe("the ladder's shape", () => {
  it('puts the competence edge at the highest rung solved at ½ or more', () => {
    expect(competenceEdge(rungs([0.9, 0.7, 0.5, 0.3, 0.6, 0.1]))).toBe(4);
    expect(competenceEdge(rungs([0.2, 0.1]))).toBe(-1);
  });

  it('measures the largest gap between adjacent rungs only where one of them is at the frontier', () => {
    expect(frontierGap(rungs([1, 0.95, 0.6, 0.35, 0.05, 0]))).toBeCloseTo(0.35);
    expect(frontierGap(rungs([1, 1, 0, 0]))).toBe(0);
  });

  it('tells whether success falls along a knob, within a slack', () => {
    expect(nonIncreasing([0.9, 0.92, 0.5], 0.03)).toBe(true);
    expect(nonIncreasing([0.9, 0.95, 0.5], 0.03)).toBe(false);
  });

  it('fits the least-squares slope of a curve', () => {
    expect(slope([1, 2, 3, 4])).toBeCloseTo(1);
    expect(slope([0.5, 0.5, 0.5])).toBe(0);
    expect(slope([1])).toBe(0);
  });
});
