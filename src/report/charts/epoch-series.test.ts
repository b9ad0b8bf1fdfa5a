import { describe, expect, it } from 'vitest';
import { fixtureEpoch } from '../../../test/support/report-fixtures.ts';
import { epochAxis, meanOnAxis, recordKeys, valuesOnAxis } from './epoch-series.ts';

const options = { variant: 'genenv' as const, seed: 1, epochs: 4 };
const epochs = [0, 1, 2, 3, 4].map((epoch) => fixtureEpoch(options, epoch));

describe('epoch series', () => {
  it('builds the sorted union of epochs of several runs', () => {
    expect(
      epochAxis([
        [epochs[3]!, epochs[1]!],
        [epochs[0]!, epochs[3]!],
      ]),
    ).toEqual([0, 1, 3]);
  });

  it('gives null for missing epochs, null values and NaN instead of drawing zeros', () => {
    const values = valuesOnAxis(
      [0, 1, 2, 9],
      [epochs[0]!, epochs[1]!, { ...epochs[2]!, agentReward: Number.NaN }],
      (entry) => entry.agentReward,
    );
    // Epoch 0 (warm start) has no rollouts: agentReward is null there.
    expect(values).toEqual([null, epochs[1]!.agentReward, null, null]);
  });

  it('averages seeds per epoch, skipping seeds that lack the value', () => {
    const a = [
      { ...epochs[1]!, responseLength: 10 },
      { ...epochs[2]!, responseLength: 30 },
    ];
    const b = [
      { ...epochs[1]!, responseLength: 20 },
      { ...epochs[2]!, responseLength: null },
    ];
    expect(meanOnAxis([1, 2, 3], [a, b], (entry) => entry.responseLength)).toEqual([15, 30, null]);
  });

  it('lists held-out sets and features in first-seen order', () => {
    const first = { ...epochs[1]!, heldOutAccuracy: { b: 0.1 } };
    const second = { ...epochs[2]!, heldOutAccuracy: { a: 0.2, b: 0.3 } };
    expect(recordKeys([first, second], 'heldOutAccuracy')).toEqual(['b', 'a']);
    expect(recordKeys([epochs[0]!], 'taskComplexity')).toEqual([]);
  });
});
