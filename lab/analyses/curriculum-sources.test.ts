import { describe, expect, it } from 'vitest';
import { type SourcedTaskType, sourceFigures } from './curriculum-sources.ts';

const taskType = (epoch: number, source: string, spec: string, successRate: number, cell = spec): SourcedTaskType => ({
  epoch,
  source,
  spec,
  successRate,
  cell,
  difficulty: Number(spec.length),
});

describe('curriculum sources', () => {
  it('counts each source over the judged epochs: band, waste, novelty against every earlier epoch, cells', () => {
    const figures = sourceFigures(
      [
        taskType(2, 'simulator', 'a', 0.5),
        taskType(4, 'simulator', 'a', 0.5),
        taskType(4, 'simulator', 'bb', 0),
        taskType(4, 'frontier', 'ccc', 1),
        taskType(5, 'frontier', 'bb', 0.75),
        taskType(5, 'frontier', 'dddd', 0.2),
      ],
      { alpha: 0.5, kMin: 0.2 },
    );
    expect(figures.map((figure) => figure.source)).toEqual(['simulator', 'frontier']);
    const [simulator, frontier] = figures;
    expect(simulator).toMatchObject({
      taskTypes: 2,
      meanSuccess: 0.25,
      inBand: 0.5,
      neverSolved: 0.5,
      alwaysSolved: 0,
    });
    // 'a' was seen at epoch 2; 'bb' is new at epoch 4.
    expect(simulator!.novel).toBe(0.5);
    expect(simulator!.cells).toBe(2);
    // 'ccc' new at 4; 'bb' seen at 4 (simulator), 'dddd' new at 5.
    expect(frontier!.novel).toBeCloseTo(2 / 3, 12);
    expect(frontier!.inBand).toBeCloseTo(0, 12);
    expect(frontier!.alwaysSolved).toBeCloseTo(1 / 3, 12);
    expect(frontier!.meanDifficulty).toBeCloseTo(3, 12);
  });

  it('gives no source for a run without judged epochs', () => {
    expect(sourceFigures([taskType(1, 'simulator', 'a', 0.5)], { alpha: 0.5, kMin: 0.1 })).toEqual([]);
  });
});
