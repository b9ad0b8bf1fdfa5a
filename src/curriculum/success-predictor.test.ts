import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import {
  DEFAULT_SUCCESS_PREDICTOR,
  fitSuccessPredictor,
  fitSuccessPredictorReference,
  predictSuccess,
  type SuccessObservation,
} from './success-predictor.ts';
import { specWords, taskTypeKeys } from './success-predictor-features.ts';

// A ridge of 1: the toy problems below have a few dozen attempts, where the default's 10 would hide what is fitted.
const options = { alpha: 0.5, ...DEFAULT_SUCCESS_PREDICTOR, ridge: 1 };

/** Observations of task types over a few features, whose success a hidden logistic model of them decides. */
function observationsOf(seed: number, count: number): SuccessObservation[] {
  const random = new Random(seed);
  const features = ['a', 'b', 'c', 'd', 'e', 'f'];
  const truth = new Map(features.map((feature) => [feature, 3 * (random.next() - 0.5)]));
  return Array.from({ length: count }, () => {
    const keys = features.filter(() => random.next() < 0.4);
    // A repeated key counts twice.
    if (random.next() < 0.2 && keys.length) keys.push(keys[0]!);
    const logit = keys.reduce((sum, key) => sum + truth.get(key)!, 0);
    const attempts = random.int(1, 16);
    let successes = 0;
    for (let attempt = 0; attempt < attempts; attempt++)
      successes += random.next() < 1 / (1 + Math.exp(-logit)) ? 1 : 0;
    return { keys, successes, attempts, weight: random.next() < 0.2 ? 0.25 : 1 };
  });
}

describe('success predictor: fast equals reference', () => {
  for (const [seed, count] of [
    [1, 5],
    [2, 40],
    [3, 200],
  ] as const)
    it(`${count} observations (seed ${seed})`, () => {
      const observations = observationsOf(seed, count);
      for (const ridge of [0.1, 1, 10]) {
        const fast = fitSuccessPredictor(observations, { ...options, ridge });
        const reference = fitSuccessPredictorReference(observations, { ...options, ridge });
        expect(fast.intercept).toBeCloseTo(reference.intercept, 7);
        expect([...fast.weights.keys()]).toEqual([...reference.weights.keys()]);
        for (const [key, weight] of reference.weights) expect(fast.weights.get(key)!).toBeCloseTo(weight, 7);
      }
    });

  it('is the optimum: the gradient of the penalised likelihood vanishes there', () => {
    const observations = observationsOf(4, 120);
    const fitted = fitSuccessPredictor(observations, options);
    const residual = (observation: SuccessObservation) =>
      observation.weight * (observation.attempts * predictSuccess(fitted, observation.keys) - observation.successes);
    const interceptGradient =
      options.interceptPrecision * fitted.intercept + observations.reduce((sum, row) => sum + residual(row), 0);
    expect(Math.abs(interceptGradient)).toBeLessThan(1e-8);
    for (const [key, weight] of fitted.weights) {
      const gradient = observations.reduce(
        (sum, row) => sum + residual(row) * row.keys.filter((candidate) => candidate === key).length,
        options.ridge * weight,
      );
      expect(Math.abs(gradient), key).toBeLessThan(1e-8);
    }
  });
});

describe('success predictor: what it predicts', () => {
  it('predicts α without evidence, and for features it never saw', () => {
    const empty = fitSuccessPredictor([], { ...options, alpha: 0.3 });
    expect(predictSuccess(empty, ['w:role'])).toBeCloseTo(0.3, 10);
    expect(fitSuccessPredictor([{ keys: ['a'], successes: 3, attempts: 0, weight: 1 }], options).weights.size).toBe(0);
  });

  it('ranks a task type by the outcomes of those that share its features', () => {
    // `hard` fails wherever it appears, `easy` succeeds; a new pairing of them sits between.
    const observations: SuccessObservation[] = [
      { keys: ['easy', 'x'], successes: 16, attempts: 16, weight: 1 },
      { keys: ['easy', 'y'], successes: 15, attempts: 16, weight: 1 },
      { keys: ['hard', 'x'], successes: 0, attempts: 16, weight: 1 },
      { keys: ['hard', 'y'], successes: 1, attempts: 16, weight: 1 },
    ];
    const fitted = fitSuccessPredictor(observations, options);
    const easy = predictSuccess(fitted, ['easy', 'z']);
    const hard = predictSuccess(fitted, ['hard', 'z']);
    expect(easy).toBeGreaterThan(0.8);
    expect(hard).toBeLessThan(0.2);
    expect(predictSuccess(fitted, ['easy', 'hard'])).toBeGreaterThan(hard);
    expect(predictSuccess(fitted, ['easy', 'hard'])).toBeLessThan(easy);
  });

  it('weighs an observation by its weight: a stale one counts less than a recent one', () => {
    const fitted = fitSuccessPredictor(
      [
        { keys: ['a'], successes: 0, attempts: 32, weight: 0.1 },
        { keys: ['a'], successes: 32, attempts: 32, weight: 1 },
      ],
      options,
    );
    expect(predictSuccess(fitted, ['a'])).toBeGreaterThan(0.8);
  });
});

describe("the predictor's keys of a task type", () => {
  it('splits compact text into words, whatever the separators', () => {
    expect(specWords('role,not team,any role,city')).toEqual(['role', 'not', 'team', 'any', 'role', 'city']);
    expect(specWords('f:role,team|x2')).toEqual(['f', 'role', 'team', 'x2']);
    expect(specWords('')).toEqual([]);
  });

  it('reads every n-gram up to the order between the marks, then the features by name', () => {
    expect(taskTypeKeys('not team,city', { given: 1, clauses: 2 }, 2)).toEqual([
      'w:not',
      'w:team',
      'w:city',
      'w:<s> not',
      'w:not team',
      'w:team city',
      'w:city </s>',
      'f:clauses=2',
      'f:given=1',
    ]);
    expect(taskTypeKeys('role', {}, 3)).toEqual(['w:role', 'w:<s> role', 'w:role </s>', 'w:<s> role </s>']);
  });
});
