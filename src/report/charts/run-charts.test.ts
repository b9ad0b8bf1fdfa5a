import { describe, expect, it } from 'vitest';
import { fixtureEpoch, FIXTURE_FEATURES, FIXTURE_HELD_OUT_SETS } from '../../../test/support/report-fixtures.ts';
import { curriculumChart } from './curriculum.ts';
import { solvedFractionsChart } from './solved-fractions.ts';
import { trainingDynamicsChart } from './training-dynamics.ts';

const options = { variant: 'genenv' as const, seed: 1, epochs: 6, skipHeldOutAt: [2, 5], emptyEpochs: [4] };
const epochs = Array.from({ length: 7 }, (_, epoch) => fixtureEpoch(options, epoch));
const titles = (chart: { option: { title?: unknown } }) =>
  (chart.option.title as { text: string }[]).map((title) => title.text);
type LineOption = { name: string; data: (number | string)[]; xAxisIndex: number; connectNulls: boolean };
const series = (chart: { option: { series?: unknown } }) => chart.option.series as LineOption[];

describe('training dynamics chart', () => {
  const chart = trainingDynamicsChart([{ name: 'genenv', runs: [epochs] }]);

  it('has agent reward, R_env and one panel per held-out set', () => {
    expect(titles(chart)).toEqual([
      'Agent reward (GRPO, mean per rollout)',
      'Simulator reward R_env (mean per task type)',
      ...FIXTURE_HELD_OUT_SETS.map((set) => `Held-out accuracy: ${set}`),
    ]);
  });

  it('leaves epochs without evaluation out of the held-out curve and joins across them', () => {
    const heldOut = series(chart)[2]!;
    expect(heldOut.data[2]).toBe('-');
    expect(heldOut.data[5]).toBe('-');
    expect(heldOut.data[0]).toBe(epochs[0]!.heldOutAccuracy[FIXTURE_HELD_OUT_SETS[0]]);
    expect(heldOut.connectNulls).toBe(true);
    // Agent reward: none at the warm start (epoch 0) nor at the empty epoch 4.
    expect(series(chart)[0]!.data.filter((value) => value === '-')).toHaveLength(2);
    const heldOutPoints = 2 * (7 - 2);
    expect(chart.points).toBe(5 + 5 + heldOutPoints);
  });

  it('averages the seeds of a variant', () => {
    const other = epochs.map((entry) => ({
      ...entry,
      agentReward: entry.agentReward === null ? null : entry.agentReward + 0.2,
    }));
    const averaged = series(trainingDynamicsChart([{ name: 'genenv', runs: [epochs, other] }]))[0]!;
    expect(averaged.data[1]).toBeCloseTo(epochs[1]!.agentReward! + 0.1, 12);
  });
});

describe('curriculum chart', () => {
  it('has one panel per complexity feature, then response length and success rate', () => {
    const chart = curriculumChart([{ name: 'genenv', runs: [epochs] }], 0.5);
    expect(titles(chart)).toEqual([
      ...FIXTURE_FEATURES.map((feature) => `Task complexity: ${feature}`),
      'Agent response length',
      'Success rate on generated tasks (α = 0.5)',
    ]);
    // Features, length and success exist on epochs 1, 2, 3, 5, 6.
    expect(chart.points).toBe(5 * (FIXTURE_FEATURES.length + 2));
  });
});

describe('solved fractions chart', () => {
  it('draws solved and unsolved shares, one curve per variant', () => {
    const random = epochs.map((entry) => ({ ...entry, solvedFraction: entry.solvedFraction === null ? null : 0 }));
    const chart = solvedFractionsChart([
      { name: 'genenv', runs: [epochs] },
      { name: 'random', runs: [random] },
    ]);
    expect(titles(chart)).toEqual(['Fully solved task types', 'Unsolved task types']);
    expect(series(chart).map((entry) => `${entry.name}@${entry.xAxisIndex}`)).toEqual([
      'genenv@0',
      'random@0',
      'genenv@1',
      'random@1',
    ]);
    expect(series(chart)[1]!.data).toEqual(random.map((entry) => entry.solvedFraction ?? '-'));
    expect(chart.points).toBe(4 * 5);
  });
});
