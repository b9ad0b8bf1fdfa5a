import { describe, expect, it } from 'vitest';
import { chooseKnobValues } from './knob-values.ts';

const knobs = [
  { name: 'hops', description: 'documents to find', values: [2, 3, 4] },
  { name: 'answer', description: 'answer type', values: ['number', 'entity'] },
];

describe('chooseKnobValues', () => {
  it('keeps allowed values, reading numbers written as text', () => {
    expect(chooseKnobValues(knobs, { hops: '3', answer: 'entity' })).toEqual({
      ok: true,
      value: { hops: 3, answer: 'entity' },
    });
  });

  it('gives the reason for an unknown name, a missing knob and a value not allowed', () => {
    const cases: Record<string, string | number>[] = [
      { hops: 2, answer: 'number', depth: 1 },
      { hops: 2 },
      { hops: 5, answer: 'number' },
    ];
    const reasons = cases.map((values) => {
      const result = chooseKnobValues(knobs, values);
      return result.ok ? 'chosen' : result.reason;
    });
    expect(reasons).toEqual(['unknown knob depth', 'missing knob answer', 'knob hops must be one of 2, 3, 4, got 5']);
  });
});
