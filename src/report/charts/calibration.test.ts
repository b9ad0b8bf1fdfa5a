import { describe, expect, it } from 'vitest';
import type { EpochMetrics } from '../../interfaces/summary.ts';
import { fixtureEpoch } from '../../../test/support/report-fixtures.ts';
import { calibrationChart, targetBand } from './calibration.ts';

const options = { variant: 'genenv' as const, seed: 2, epochs: 5, tasksPerEpoch: 7, emptyEpochs: [3] };
const epochs: EpochMetrics[] = [0, 1, 2, 3, 4, 5].map((epoch) => fixtureEpoch(options, epoch));

type AnySeries = {
  type: string;
  name: string;
  data: unknown[];
  markArea?: { data: [{ yAxis: number }, { yAxis: number }][] };
  markLine?: { data: { yAxis: number }[] };
};
const seriesOf = (chart: ReturnType<typeof calibrationChart>) => chart.option.series as unknown as AnySeries[];

describe('calibration chart', () => {
  it('draws the band at α ± k_min and a line at α', () => {
    const series = seriesOf(calibrationChart([epochs], 0.5, 0.15));
    const band = series.find((entry) => entry.markArea)!;
    expect(band.markArea!.data[0]![0].yAxis).toBeCloseTo(0.35, 12);
    expect(band.markArea!.data[0]![1].yAxis).toBeCloseTo(0.65, 12);
    expect(band.markLine!.data[0]!.yAxis).toBe(0.5);
  });

  it('clips the band to [0, 1]', () => {
    expect(targetBand(0.95, 0.1)).toEqual([0.85, 1]);
    expect(targetBand(0.05, 0.2)).toEqual([0, 0.25]);
  });

  it('has one dot per task type, one box per epoch with task types, and a gap for empty epochs', () => {
    const chart = calibrationChart([epochs], 0.5, 0.1);
    const series = seriesOf(chart);
    const dots = series.find((entry) => entry.type === 'scatter')!.data as [number, number][];
    const boxes = series.find((entry) => entry.type === 'boxplot')!.data;
    const totalPHats = epochs.reduce((total, entry) => total + entry.successRates.length, 0);
    expect(totalPHats).toBe(4 * 7); // epochs 1, 2, 4, 5
    expect(dots).toHaveLength(totalPHats);
    // Epoch 0 (warm start) and epoch 3 (empty) have no box.
    expect(boxes.map((box) => box === '-')).toEqual([true, false, false, true, false, false]);
    // Dots sit inside their epoch's band of the category axis and keep their p̂ value.
    const epoch4 = dots
      .filter(([x]) => x > 3.5 && x < 4.5)
      .map(([, y]) => y)
      .sort();
    expect(epoch4).toEqual(epochs[4]!.successRates.slice().sort());
    const meanLine = series.find((entry) => entry.name === 'mean success rate')!.data;
    expect(meanLine[0]).toBe('-');
    expect(meanLine[3]).toBe('-');
    // The share of task types in the band, per epoch with task types, beside the mean.
    const inBand = series.find((entry) => entry.name === 'share of task types in the band')!.data;
    expect(inBand.map((value) => value === '-')).toEqual(meanLine.map((value) => value === '-'));
    expect(inBand[4]).toBe(epochs[4]!.inBandFraction);
    expect(chart.points).toBe(totalPHats + 4 + 4 + 4);
  });

  it('pools the p̂ values of several seeds per epoch', () => {
    const other = [0, 1, 2, 3, 4, 5].map((epoch) => fixtureEpoch({ ...options, seed: 3, emptyEpochs: [] }, epoch));
    const chart = calibrationChart([epochs, other], 0.5, 0.1);
    const dots = seriesOf(chart).find((entry) => entry.type === 'scatter')!.data;
    expect(dots).toHaveLength(4 * 7 + 5 * 7);
  });
});
