import { describe, expect, it } from 'vitest';
import {
  factorisedEntropy,
  factorisedKl,
  klDivergence,
  rwrStep,
  softmax,
  weightedHistogram,
  type Logits,
} from './categorical.ts';

/** The RWR objective the step ascends: Σ_k [ q̄_k·log π_k − c·KL(π_k ‖ π0_k) + η·H(π_k) ]. */
function objective(
  logits: Logits,
  initial: Logits,
  target: number[][],
  klCoefficient: number,
  entropyBonus: number,
): number {
  return logits.reduce((sum, vector, knob) => {
    const p = softmax(vector);
    const likelihood = target[knob]!.reduce((inner, q, value) => inner + q * Math.log(p[value]!), 0);
    const entropy = -p.reduce((inner, x) => inner + x * Math.log(x), 0);
    return sum + likelihood - klCoefficient * klDivergence(p, softmax(initial[knob]!)) + entropyBonus * entropy;
  }, 0);
}

describe('categorical maths', () => {
  it('softmax normalises and is shift invariant', () => {
    const p = softmax([1, 2, 3]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(softmax([101, 102, 103])).toEqual(p.map((x) => expect.closeTo(x, 12)));
  });
  it('KL is zero for equal distributions and positive otherwise', () => {
    expect(klDivergence([0.5, 0.5], [0.5, 0.5])).toBe(0);
    expect(klDivergence([0.9, 0.1], [0.5, 0.5])).toBeCloseTo(0.9 * Math.log(1.8) + 0.1 * Math.log(0.2), 12);
    expect(
      factorisedKl(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [0, 0],
          [0, 0],
        ],
      ),
    ).toBeGreaterThan(0);
  });
  it('weighted histogram puts mass by weight', () => {
    expect(
      weightedHistogram(
        [
          [0, 1],
          [1, 1],
        ],
        [3, 1],
        [2, 2],
      ),
    ).toEqual([
      [0.75, 0.25],
      [0, 1],
    ]);
  });
  it('one RWR gradient step matches finite differences of the objective', () => {
    const current: Logits = [
      [0.3, -0.2, 0.1],
      [0.5, -0.5],
    ];
    const initial: Logits = [
      [0, 0, 0],
      [0.2, 0],
    ];
    const target = [
      [0.1, 0.7, 0.2],
      [0.4, 0.6],
    ];
    const settings = { learningRate: 1e-3, steps: 1, klCoefficient: 0.3, klCap: 100, entropyBonus: 0.2 };
    const { logits } = rwrStep(current, initial, target, settings);
    const epsilon = 1e-6;
    current.forEach((vector, knob) => {
      vector.forEach((_, value) => {
        const plus = current.map((v) => v.slice());
        const minus = current.map((v) => v.slice());
        plus[knob]![value]! += epsilon;
        minus[knob]![value]! -= epsilon;
        const numeric =
          (objective(plus, initial, target, 0.3, 0.2) - objective(minus, initial, target, 0.3, 0.2)) / (2 * epsilon);
        const analytic = (logits[knob]![value]! - current[knob]![value]!) / settings.learningRate;
        expect(analytic).toBeCloseTo(numeric, 6);
      });
    });
  });
  it('moves toward high-weight values and keeps the KL of one update under the cap', () => {
    const current: Logits = [[0, 0, 0, 0]];
    const target = weightedHistogram([[3], [3], [0]], [5, 5, 0.1], [4]);
    const free = rwrStep(current, current, target, {
      learningRate: 5,
      steps: 50,
      klCoefficient: 0,
      klCap: 100,
      entropyBonus: 0,
    });
    expect(softmax(free.logits[0]!)[3]).toBeGreaterThan(0.9);
    const capped = rwrStep(current, current, target, {
      learningRate: 5,
      steps: 50,
      klCoefficient: 0,
      klCap: 0.1,
      entropyBonus: 0,
    });
    expect(capped.klFromPrevious).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(capped.klFromPrevious).toBeGreaterThan(0.09);
    expect(capped.stepScale).toBeLessThan(1);
    expect(softmax(capped.logits[0]!)[3]).toBeGreaterThan(0.25);
    expect(factorisedEntropy(capped.logits)).toBeLessThan(Math.log(4));
  });
  it('a KL penalty holds the distribution nearer its initial state', () => {
    const initial: Logits = [[0, 0, 0]];
    const target = [[0, 0, 1]];
    const loose = rwrStep(initial, initial, target, {
      learningRate: 1,
      steps: 200,
      klCoefficient: 0,
      klCap: 100,
      entropyBonus: 0,
    });
    const tight = rwrStep(initial, initial, target, {
      learningRate: 1,
      steps: 200,
      klCoefficient: 2,
      klCap: 100,
      entropyBonus: 0,
    });
    expect(factorisedKl(tight.logits, initial)).toBeLessThan(factorisedKl(loose.logits, initial));
  });
});
