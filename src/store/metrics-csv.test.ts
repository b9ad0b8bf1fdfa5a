import { describe, expect, it } from 'vitest';
import type { EpochExtra, EpochMetrics } from '../interfaces/index.ts';
import { type FlatMetrics, flattenEpochMetrics, metricColumns, metricsCsv } from './metrics-csv.ts';

const epoch = (overrides: Partial<EpochMetrics> = {}): EpochMetrics => ({
  epoch: 3,
  successRate: 0.5,
  inBandFraction: 0.75,
  envReward: 0.9,
  heldOutAccuracy: { 'test-id': 0.7, 'test-hard': 0.2 },
  taskComplexity: { difficulty: 1.5 },
  difficultyCounts: { '1': 2, '2': 2 },
  responseLength: 11.25,
  invalidProposals: 1,
  successRates: [0.25, 0.5, 0.75, 0.5],
  solvedFraction: 0.25,
  unsolvedFraction: 0.25,
  agentReward: 0.5,
  syntheticSamples: 64,
  extra: { 'agent/loss': 0.125, 'simulator/entropy': 3.5, 'pool/train': 100 },
  ...overrides,
});

describe('flattenEpochMetrics', () => {
  it('names every scalar with a slash and keeps the extra names', () => {
    expect(flattenEpochMetrics(epoch(), { epochSeconds: 2.5, elapsedSeconds: 10 })).toEqual({
      epoch: 3,
      'agent/successRate': 0.5,
      'agent/reward': 0.5,
      'agent/responseLength': 11.25,
      'agent/loss': 0.125,
      'curriculum/inBandFraction': 0.75,
      'curriculum/envReward': 0.9,
      'curriculum/solvedFraction': 0.25,
      'curriculum/unsolvedFraction': 0.25,
      'curriculum/mixedFraction': 0.5,
      'curriculum/invalidProposals': 1,
      'curriculum/taskTypes': 4,
      'curriculum/level-1': 2,
      'curriculum/level-2': 2,
      'complexity/difficulty': 1.5,
      'heldout/test-id': 0.7,
      'heldout/test-hard': 0.2,
      'data/syntheticSamples': 64,
      'simulator/entropy': 3.5,
      'pool/train': 100,
      'time/epochSeconds': 2.5,
      'time/elapsedSeconds': 10,
    });
  });

  it('leaves out nulls and non-finite values instead of writing zeros', () => {
    const flat = flattenEpochMetrics(
      epoch({ successRate: null, solvedFraction: null, extra: { 'agent/loss': Number.NaN }, heldOutAccuracy: {} }),
    );
    expect(flat).not.toHaveProperty('agent/successRate');
    expect(flat).not.toHaveProperty('curriculum/mixedFraction');
    expect(flat).not.toHaveProperty('agent/loss');
    expect(flat).not.toHaveProperty('time/epochSeconds');
    expect(Object.keys(flat).some((name) => name.startsWith('heldout/'))).toBe(false);
  });

  it('lets a fixed name win over an extra that spells the same', () => {
    // No player may log it (the vocabulary has no such extra name), but a stored file of another version might.
    const stored = { 'agent/reward': 99 } as EpochExtra;
    expect(flattenEpochMetrics(epoch({ extra: stored }))['agent/reward']).toBe(0.5);
  });
});

describe('metricsCsv', () => {
  it('has epoch first, then the union of names sorted, and leaves a name an epoch lacks empty', () => {
    const rows: FlatMetrics[] = [
      { epoch: 0, 'heldout/test-id': 0.25 },
      { epoch: 1, 'agent/loss': 0.5, 'heldout/test-id': 0.5 },
    ];
    expect(metricColumns(rows)).toEqual(['epoch', 'agent/loss', 'heldout/test-id']);
    expect(metricsCsv(rows)).toBe('epoch,agent/loss,heldout/test-id\n0,,0.25\n1,0.5,0.5\n');
  });

  it('quotes a name that holds a comma or a quote, and writes nothing for no epochs', () => {
    expect(metricsCsv([{ epoch: 0, 'heldout/a,"b"': 1 }]).split('\n')[0]).toBe('epoch,"heldout/a,""b"""');
    expect(metricsCsv([])).toBe('');
  });

  it('writes numbers in their shortest round-trip form', () => {
    const value = 0.1 + 0.2;
    expect(
      Number(
        metricsCsv([{ epoch: 0, 'agent/loss': value }])
          .split('\n')[1]!
          .split(',')[1],
      ),
    ).toBe(value);
  });
});
