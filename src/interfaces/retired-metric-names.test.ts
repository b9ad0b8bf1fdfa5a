import { emptyEpoch } from '../../test/support/epoch-metrics.ts';
import { describe, expect, it } from 'vitest';
import { metricVocabulary, namespaced } from './metrics.ts';
import { currentMetricNames, RETIRED_METRIC_NAMES } from './retired-metric-names.ts';
import { EpochMetricsSchema } from './summary.ts';

describe('names of earlier runs', () => {
  it('reads a retired name back under its current name, in its place', () => {
    expect(
      Object.entries(currentMetricNames({ 'pool/train': 3, 'simulator/klFromInitial': 0.5, 'simulator/stepScale': 1 })),
    ).toEqual([
      ['pool/train', 3],
      ['simulator/klToInitial', 0.5],
      ['simulator/scale', 1],
    ]);
  });

  it('lets a current name win over a retired one, and keeps a name of neither list as stored', () => {
    expect(currentMetricNames({ 'agent/rehearsed': 4, 'pool/rehearsal': 5, 'other/figure': 1 })).toEqual({
      'pool/rehearsal': 5,
      'other/figure': 1,
    });
    expect(currentMetricNames({ constructor: 2 })).toEqual({ constructor: 2 });
  });

  it('retires only names the vocabulary lacks, for names it has', () => {
    const vocabulary = metricVocabulary();
    for (const [retired, current] of Object.entries(RETIRED_METRIC_NAMES)) {
      expect(vocabulary.has(retired), retired).toBe(false);
      expect(vocabulary.has(current), current).toBe(true);
    }
  });

  it('applies when an epoch is read back', () => {
    const stored = { ...emptyEpoch(1), extra: { 'simulator/klFromPrevious': 0.25 } };
    expect(EpochMetricsSchema.parse(stored).extra).toEqual({ 'simulator/updateKl': 0.25 });
  });
});

describe('namespaced', () => {
  it('puts statistics under a prefix and leaves out what is not a finite number', () => {
    expect(namespaced('warmstart/agent', { sftSteps: 2, sftFirstLoss: Number.NaN, sftLastLoss: undefined })).toEqual({
      'warmstart/agent/sftSteps': 2,
    });
  });
});
