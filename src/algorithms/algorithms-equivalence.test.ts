import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { advantageEstimators, flattenGroups, type AdvantageName } from './advantages.ts';
import {
  aggregationWeights,
  distributionKl,
  tokenObjective,
  tokenObjectiveReference,
  type TokenTerms,
} from './objective.ts';
import {
  K3_VALUE_LIMIT,
  klEstimators,
  policyLosses,
  type KlEstimatorName,
  type PolicyLossName,
} from './token-losses.ts';

describe('advantage estimators: fast equals reference', () => {
  const random = new Random(1);
  const groups: number[][] = [
    [1], // group of one
    [0.5, 0.5, 0.5, 0.5], // all equal
    [0, 1, 0, 1, 1, 0, 0, 0],
    Array.from({ length: 6 }, () => random.next()),
    [0, 0.25],
  ];
  for (const name of Object.keys(advantageEstimators) as AdvantageName[]) {
    it(name, () => {
      const estimator = advantageEstimators[name];
      const fast = Array.from(estimator.compute(flattenGroups(groups), 1e-6));
      const reference = estimator.reference(groups, 1e-6).flat();
      expect(fast.length).toBe(reference.length);
      fast.forEach((value, index) => {
        expect(value).toBeCloseTo(reference[index]!, 10);
      });
      // A group of one and an all-equal group carry no signal (0, never NaN).
      expect(fast.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      expect(estimator.compute(flattenGroups([]), 1e-6).length).toBe(0);
    });
  }
  it('grpo normalises a two-valued group to ±1', () => {
    const advantages = advantageEstimators.grpo.compute(flattenGroups([[0, 1, 0, 1]]), 0);
    expect(Array.from(advantages)).toEqual([-1, 1, -1, 1]);
  });
});

function randomTerms(seed: number, count: number): TokenTerms {
  const random = new Random(seed);
  const logprob = Float32Array.from({ length: count }, () => -3 * random.next());
  return {
    logprob,
    oldLogprob: logprob.map((value) => value + 0.6 * (random.next() - 0.5)),
    referenceLogprob: logprob.map((value) => value + (random.next() - 0.5)),
    entropy: Float32Array.from({ length: count }, () => 2 * random.next()),
    signal: Float32Array.from({ length: count }, () => random.normal()),
    aggregation: Float32Array.from(aggregationWeights([3, count - 3], 'sequence-mean').flatMap((part) => [...part])),
  };
}

describe('token objective: fast equals reference', () => {
  for (const policyLoss of Object.keys(policyLosses) as PolicyLossName[]) {
    for (const klEstimator of Object.keys(klEstimators) as KlEstimatorName[]) {
      it(`${policyLoss} + ${klEstimator}`, () => {
        const terms = randomTerms(7, 40);
        const options = { policyLoss, klEstimator, klCoefficient: 0.3, entropyCoefficient: 0.01, clip: 0.2 };
        const fast = tokenObjective(terms, options);
        const reference = tokenObjectiveReference(terms, options);
        expect(fast.loss).toBeCloseTo(reference.loss, 6);
        for (const key of ['policyLoss', 'kl', 'entropy', 'clipFraction'] as const)
          expect(fast.stats[key]).toBeCloseTo(reference.stats[key], 6);
        fast.gradLogprob.forEach((value, index) => {
          expect(value).toBeCloseTo(reference.gradLogprob[index]!, 6);
        });
        fast.gradEntropy.forEach((value, index) => {
          expect(value).toBeCloseTo(reference.gradEntropy[index]!, 6);
        });
        if (policyLoss === 'clipped-ratio') expect(fast.stats.clipFraction).toBeGreaterThan(0);
      });
    }
  }

  it('trains guide tokens with −A·logπ and no KL, matching the reference', () => {
    const terms = {
      ...randomTerms(11, 40),
      offPolicy: Uint8Array.from({ length: 40 }, (_, index) => (index % 3 === 0 ? 1 : 0)),
    };
    const options = {
      policyLoss: 'clipped-ratio',
      klEstimator: 'k3',
      klCoefficient: 0.3,
      entropyCoefficient: 0,
      clip: 0.2,
    } as const;
    const fast = tokenObjective(terms, options);
    const reference = tokenObjectiveReference(terms, options);
    expect(fast.loss).toBeCloseTo(reference.loss, 6);
    fast.gradLogprob.forEach((value, index) => {
      expect(value).toBeCloseTo(reference.gradLogprob[index]!, 6);
    });
    const onPolicy = tokenObjective({ ...terms, offPolicy: undefined }, options);
    for (let index = 0; index < 40; index++) {
      const expected =
        index % 3 === 0 ? -terms.signal[index]! * terms.aggregation[index]! : onPolicy.gradLogprob[index]!;
      expect(fast.gradLogprob[index]).toBeCloseTo(expected, 6);
    }
  });

  it('per-token gradients match finite differences', () => {
    const probes: [number, number, number][] = [
      [-1.2, -1.0, 0.7],
      [-1.0, -1.5, 0.7],
      [-1.0, -0.5, -0.7],
      [-2, -2.05, -1.3],
    ];
    for (const name of Object.keys(policyLosses) as PolicyLossName[]) {
      for (const [logprob, old, signal] of probes) {
        const step = 1e-6;
        const numeric =
          (policyLosses[name].token(logprob + step, old, signal, 0.2).loss -
            policyLosses[name].token(logprob - step, old, signal, 0.2).loss) /
          (2 * step);
        expect(policyLosses[name].token(logprob, old, signal, 0.2).gradient).toBeCloseTo(numeric, 5);
      }
    }
    for (const name of Object.keys(klEstimators) as KlEstimatorName[]) {
      for (const [logprob, reference] of probes) {
        const step = 1e-6;
        const numeric =
          (klEstimators[name].token(logprob + step, reference).value -
            klEstimators[name].token(logprob - step, reference).value) /
          (2 * step);
        expect(klEstimators[name].token(logprob, reference).gradient).toBeCloseTo(numeric, 5);
      }
    }
    expect(klEstimators.k3.token(-1, -1).value).toBe(0);
  });

  it('bounds k3 at 10 nats with no gradient above, as verl low_var_kl: a collapsed token cannot take over a step', () => {
    const collapsed = klEstimators.k3.token(-200, -0.01);
    expect(collapsed).toEqual({ value: K3_VALUE_LIMIT, gradient: 0, clamped: true });
    // Just below the bound (Δ = logπ_ref − logπ = 2.6): the value and its gradient 1 − e^Δ are the plain k3's.
    const near = klEstimators.k3.token(-3.6, -1);
    expect(near.clamped).toBe(false);
    expect(near.value).toBeCloseTo(Math.exp(2.6) - 3.6, 12);
    expect(near.gradient).toBeCloseTo(1 - Math.exp(2.6), 12);
    // Just above it (Δ = 2.7, k3 ≈ 11.2): clamped.
    expect(klEstimators.k3.token(-3.7, -1)).toEqual({ value: K3_VALUE_LIMIT, gradient: 0, clamped: true });
    // Far above the reference (Δ = −12, k3 = 11): clamped too; at Δ = −10 (k3 ≈ 9) not.
    expect(klEstimators.k3.token(-1, -13).clamped).toBe(true);
    expect(klEstimators.k3.token(-1, -11).gradient).toBeCloseTo(1 - Math.exp(-10), 12);
    // No token's KL gradient exceeds the value at the bound's edge in magnitude.
    for (let difference = -30; difference <= 30; difference += 0.01)
      expect(Math.abs(klEstimators.k3.token(-difference, 0).gradient)).toBeLessThan(12.7);
    const terms = {
      logprob: new Float32Array([-200, -1]),
      oldLogprob: new Float32Array([-200, -1]),
      referenceLogprob: new Float32Array([-0.01, -1]),
      entropy: new Float32Array([0.1, 0.1]),
      signal: new Float32Array([1, -1]),
      aggregation: new Float32Array([0.5, 0.5]),
    };
    const options = {
      policyLoss: 'clipped-ratio',
      klEstimator: 'k3',
      klCoefficient: 0.1,
      entropyCoefficient: 0,
      clip: 0.2,
    } as const;
    const fast = tokenObjective(terms, options);
    const reference = tokenObjectiveReference(terms, options);
    expect(Number.isFinite(fast.loss)).toBe(true);
    expect(fast.loss).toBeCloseTo(reference.loss, 6);
    expect(fast.gradLogprob[0]).toBe(reference.gradLogprob[0]!);
    expect(fast.stats).toEqual(reference.stats);
    expect(fast.stats.klClamped).toBe(1);
    expect(fast.stats.klMax).toBe(K3_VALUE_LIMIT);
    // The collapsed token's gradient is its policy term's alone (ratio 1, advantage 1, weight ½: −ρ·A·w); the KL adds
    // nothing, where the unbounded k3 added 0.1 × (1 − e²⁰) × ½ ≈ −2.4·10⁷.
    expect(fast.gradLogprob[0]).toBe(-0.5);
  });

  it('handles an empty batch and aggregation edge cases', () => {
    const empty = new Float32Array(0);
    const result = tokenObjective(
      { logprob: empty, oldLogprob: empty, referenceLogprob: empty, entropy: empty, signal: empty, aggregation: empty },
      { policyLoss: 'clipped-ratio', klEstimator: 'k3', klCoefficient: 0.1, entropyCoefficient: 0.1, clip: 0.2 },
    );
    expect(result.loss).toBe(0);
    expect(aggregationWeights([], 'token-mean')).toEqual([]);
    const weights = aggregationWeights([2, 0, 4], 'sequence-mean');
    expect(weights[0]![0]).toBeCloseTo(0.25);
    expect(weights[2]![0]).toBeCloseTo(0.125);
    expect(aggregationWeights([2, 6], 'token-mean')[0]![0]).toBeCloseTo(0.125);
    expect(
      distributionKl(
        new Float32Array([Math.log(0.5), Math.log(0.5)]),
        new Float32Array([Math.log(0.9), Math.log(0.1)]),
        2,
      ),
    ).toBeCloseTo(0.5 * Math.log(0.5 / 0.9) + 0.5 * Math.log(0.5 / 0.1), 5);
  });
});
