import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KNOB_MODEL,
  fitKnobModel,
  type KnobCellEvidence,
  knobModelSuccess,
  solvePositiveDefinite,
} from './knob-model.ts';

const options = { alpha: 0.5, ...DEFAULT_KNOB_MODEL };
const logistic = (logit: number) => 1 / (1 + Math.exp(-logit));

describe('knob model', () => {
  it('solves a positive-definite system', () => {
    const matrix = new Float64Array([4, 2, 0.6, 2, 5, 1, 0.6, 1, 3]);
    const solution = solvePositiveDefinite(matrix, new Float64Array([1, 2, 3]), 3);
    for (let row = 0; row < 3; row++) {
      const product = [0, 1, 2].reduce((sum, column) => sum + matrix[row * 3 + column]! * solution[column]!, 0);
      expect(product).toBeCloseTo([1, 2, 3][row]!, 12);
    }
  });

  it('predicts α for every cell without evidence', () => {
    const parameters = fitKnobModel([], [3, 4], options);
    for (const values of [
      [0, 0],
      [2, 3],
    ])
      expect(knobModelSuccess(parameters, [3, 4], values)).toBeCloseTo(0.5, 12);
    expect(knobModelSuccess(fitKnobModel([], [2], { ...options, alpha: 0.3 }), [2], [1])).toBeCloseTo(0.3, 12);
  });

  it('recovers an additive model from plentiful evidence, and places an untried cell by its row and column', () => {
    const rows = [1.5, 0.5, -0.5, -1.5];
    const columns = [1, 0, -1];
    const evidence: KnobCellEvidence[] = [];
    for (let row = 0; row < 4; row++)
      for (let column = 0; column < 3; column++) {
        if (row === 3 && column === 2) continue;
        const attempts = 4000;
        evidence.push({
          values: [row, column],
          attempts,
          successes: attempts * logistic(rows[row]! + columns[column]!),
        });
      }
    const parameters = fitKnobModel(evidence, [4, 3], { ...options, smoothness: 1e-3, ridge: 1e-3 });
    for (const cell of evidence)
      expect(knobModelSuccess(parameters, [4, 3], cell.values)).toBeCloseTo(cell.successes / cell.attempts, 2);
    expect(knobModelSuccess(parameters, [4, 3], [3, 2])).toBeCloseTo(logistic(-2.5), 2);
  });

  it('carries the trend past the last value tried: an untried cell beyond failing ones is far below α', () => {
    // Distractors 0..5 on one knob: the agent solves 0–1, half of 2, none of 3–4; 5 was never tried.
    const rates = [0.95, 0.9, 0.5, 0.05, 0];
    const evidence = rates.map((rate, value) => ({ values: [value], attempts: 16, successes: 16 * rate }));
    const parameters = fitKnobModel(evidence, [6], options);
    expect(knobModelSuccess(parameters, [6], [5])).toBeLessThan(0.05);
    expect(knobModelSuccess(parameters, [6], [2])).toBeGreaterThan(0.3);
    expect(knobModelSuccess(parameters, [6], [0])).toBeGreaterThan(knobModelSuccess(parameters, [6], [4]));
  });
});
