import { describe, expect, it } from 'vitest';
import { fixtureEpoch } from '../../../test/support/report-fixtures.ts';
import { EpochMetricsSchema } from '../../interfaces/summary.ts';
import { trainingCurvesChart } from './training-curves.ts';

const options = { variant: 'genenv' as const, seed: 1, epochs: 6, skipHeldOutAt: [2, 5], emptyEpochs: [4] };
const epochs = Array.from({ length: 7 }, (_, epoch) => fixtureEpoch(options, epoch));
const titles = (chart: { option: { title?: unknown } }) =>
  (chart.option.title as { text: string }[]).map((title) => title.text);
type LineOption = { name: string; data: (number | string)[]; xAxisIndex: number };
const series = (chart: { option: { series?: unknown } }) => chart.option.series as LineOption[];

describe('training curves chart', () => {
  it('charts the metrics the players record and leaves out those no epoch has', () => {
    // The fixture records no agent KL or entropy and no per-update simulator KL.
    expect(titles(trainingCurvesChart([{ name: 'genenv', runs: [epochs] }]))).toEqual([
      'Agent loss (GRPO objective)',
      'Learning signal',
      'Task types with both outcomes',
      'Simulator KL to its initial policy',
      'Simulator entropy',
      'Success on generated tasks',
      'In-band share of task types',
      'Held-out accuracy',
    ]);
  });

  it("charts a run stored before the vocabulary: the parametric simulator's old names, read back as today's", () => {
    // As metrics.jsonl of such a run holds its epochs, read back through the schema the report reads it with.
    const stored = epochs.map((entry) =>
      EpochMetricsSchema.parse({
        ...entry,
        extra: { 'agent/learningSignal': 0.5, 'simulator/klFromInitial': 0.25, 'simulator/klFromPrevious': 0.125 },
      }),
    );
    const chart = trainingCurvesChart([{ name: 'genenv', runs: [stored] }]);
    expect(titles(chart)).toContain('Simulator KL per update');
    const kl = series(chart)[titles(chart).indexOf('Simulator KL to its initial policy')]!;
    expect(kl.data).toEqual(Array(7).fill(0.25));
  });

  it('gives the share of task types with both outcomes as 1 − solved − unsolved', () => {
    const chart = trainingCurvesChart([{ name: 'genenv', runs: [epochs] }]);
    const mixed = series(chart)[titles(chart).indexOf('Task types with both outcomes')]!;
    const first = epochs[1]!;
    expect(mixed.data[1]).toBeCloseTo(1 - first.solvedFraction! - first.unsolvedFraction!, 12);
    expect(mixed.data[4]).toBe('-');
  });

  it('names held-out lines by set for one run and by variant and set for several', () => {
    const one = trainingCurvesChart([{ name: 'genenv', runs: [epochs] }]);
    const sets = Object.keys(epochs[0]!.heldOutAccuracy);
    expect(
      series(one)
        .slice(-sets.length)
        .map((line) => line.name),
    ).toEqual(sets);
    const two = trainingCurvesChart([
      { name: 'genenv', runs: [epochs] },
      { name: 'random', runs: [epochs] },
    ]);
    expect(series(two).at(-1)!.name).toBe(`random · ${sets.at(-1)}`);
  });
});
