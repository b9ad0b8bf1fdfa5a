import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import type { Domain, Proposal } from '../interfaces/index.ts';
import { buildContexts } from './contexts.ts';
import { computeEpochMetrics } from './epoch-metrics.ts';
import { simulatorWeights, taskOutcome } from './task-outcome.ts';
import type { AssessedTaskType } from './task-type.ts';
import { deriveSeed } from '../util/random.ts';
import { uniformProposals } from './task-source.ts';
import { validateProposals } from './validate.ts';
import { arithmeticConfig } from '../../test/support/arithmetic-config.ts';

const config = arithmeticConfig({ seed: 1, epochs: 1, tasksPerEpoch: 1, variations: 1, samples: 1 });

describe('task outcome: p̂, R_env and the band', () => {
  it('reuses the group rewards: 4 of 8 successes is p̂ = ½, R_env = 1, in band', () => {
    expect(taskOutcome(4, 8, config)).toEqual({ successRate: 0.5, envReward: 1, inBand: true });
  });
  it('p̂ at 0 and 1 is out of band with a low reward', () => {
    const zero = taskOutcome(0, 8, config);
    expect(zero.inBand).toBe(false);
    expect(zero.envReward).toBeCloseTo(Math.exp(-20 * 0.25), 12);
    expect(taskOutcome(8, 8, config).successRate).toBe(1);
  });
  it('a group of one gives p̂ of 0 or 1', () => {
    expect(taskOutcome(1, 1, config).successRate).toBe(1);
  });
  it('the Beta estimator shrinks extreme rates', () => {
    expect(taskOutcome(0, 2, { ...config, successEstimator: 'beta-mean' }).successRate).toBe(0.25);
  });
});

describe('simulator weights', () => {
  const outcomes = [taskOutcome(4, 8, config), taskOutcome(0, 8, config), taskOutcome(5, 10, config)];
  it('band filter: only in-band task types get weight', () => {
    const weights = simulatorWeights(outcomes, config);
    expect(weights[1]).toBe(0);
    expect(weights[0]).toBeGreaterThan(0);
    expect((weights[0]! + weights[2]!) / 2).toBeCloseTo(1, 12);
  });
  it('a batch entirely filtered out gives all zeros', () => {
    expect(simulatorWeights([taskOutcome(0, 8, config), taskOutcome(8, 8, config)], config)).toEqual([0, 0]);
    expect(simulatorWeights([], config)).toEqual([]);
  });
  it('band-or-nearest: the band when it holds a task type, else the rwrFallback nearest α', () => {
    const nearest = { ...config, rwrFilter: 'band-or-nearest' as const, rwrFallback: 1 };
    expect(simulatorWeights(outcomes, nearest)).toEqual(simulatorWeights(outcomes, config));
    const outside = [taskOutcome(0, 8, config), taskOutcome(7, 8, config), taskOutcome(8, 8, config)];
    expect(simulatorWeights(outside, nearest)).toEqual([0, 1, 0]);
    expect(simulatorWeights(outside, { ...nearest, rwrFallback: 2 }).filter((weight) => weight > 0)).toHaveLength(2);
  });
  it('without the filter every task type is weighted and the better one weighs more', () => {
    const weights = simulatorWeights(outcomes, { ...config, rwrFilter: 'none' });
    expect(weights.every((weight) => weight > 0)).toBe(true);
    expect(weights[0]!).toBeGreaterThan(weights[1]!);
  });
});

describe('contexts', () => {
  const domain = createArithmeticDomain();
  it('are deterministic, cycle through seeds and carry family statistics', () => {
    const stats = () => ({ taskTypes: 3, recentSuccess: 0.25 });
    const first = buildContexts(domain.seeds(), 100, 7, stats, 0.5);
    expect(buildContexts(domain.seeds(), 100, 7, stats, 0.5)).toEqual(first);
    expect(new Set(first.slice(0, domain.seeds().length).map((context) => context.seed.id)).size).toBe(
      domain.seeds().length,
    );
    expect(first[0]!.stats).toEqual({ family: first[0]!.seed.family, taskTypes: 3, recentSuccess: 0.25 });
    expect(buildContexts([], 5, 1, stats, 0.5)).toEqual([]);
  });
});

describe('proposal validation', () => {
  const domain = createArithmeticDomain();
  const proposal = (id: string, raw: string, spec?: unknown): Proposal => ({
    id,
    contextId: 'none',
    raw,
    ...(spec !== undefined ? { spec } : {}),
    policyVersion: 'v',
  });
  const validate = (proposals: Proposal[], target: Domain = domain) =>
    validateProposals(proposals, new Map(), {
      domain: target,
      variations: 3,
      source: 'simulator',
      instantiateSeed: (id) => deriveSeed(1, 1, 'instantiate', id),
    });
  it('keeps valid proposals with n verified instances and rejects the rest with reasons', () => {
    const { valid, rejected } = validate([
      proposal('ok', 'add d2 t2 x0'),
      proposal('json', '{"operation": "add", "digits": 2'),
      proposal('schema', 'add d9 t2 x0'),
      proposal('structured', '', { operation: 'divide', digits: 1, terms: 2, distractors: 0 }),
      proposal('unexecutable', 'multiply d6 t5 x0'),
    ]);
    expect(valid.map((taskType) => taskType.id)).toEqual(['ok']);
    expect(valid[0]!.instances).toHaveLength(3);
    expect(valid[0]!.features).toMatchObject({ digits: 2 });
    expect(Object.fromEntries(rejected.map((entry) => [entry.proposal.id, entry.reason]))).toEqual({
      json: expect.stringMatching(/not of the form|JSON/),
      schema: expect.stringMatching(/digits/),
      structured: expect.stringMatching(/operation/),
      unexecutable: expect.stringMatching(/exceeds/),
    });
  });
  it('treats a domain that throws as an invalid proposal, not a crash', () => {
    const broken: Domain = {
      ...domain,
      instantiate: () => {
        throw new Error('boom\nstack');
      },
    } as Domain;
    const { rejected } = validate([proposal('x', 'add d1 t2 x0')], broken);
    expect(rejected[0]!.reason).toBe('domain error: boom');
  });
});

describe('uniform draws over the knobs', () => {
  const domain = createArithmeticDomain();
  it("draws each knob's values with equal probability, deterministically in the seed", () => {
    const { proposals, rejected } = uniformProposals(domain, 6000, 5);
    expect(rejected).toEqual([]);
    expect(uniformProposals(domain, 6000, 5).proposals).toEqual(proposals);
    for (const knob of domain.knobs) {
      const counts = knob.values.map(
        (value) =>
          proposals.filter((proposal) => (proposal.spec as Record<string, unknown>)[knob.name] === value).length,
      );
      // The binomial standard error of a share at 6000 draws is at most 0.0065: 0.02 is three of them.
      for (const count of counts) expect(Math.abs(count / 6000 - 1 / knob.values.length)).toBeLessThan(0.02);
    }
    expect(proposals[0]).toMatchObject({
      raw: domain.formatSpec(proposals[0]!.spec as never),
      policyVersion: 'uniform',
    });
  });
  it('rejects a draw the domain cannot build, with its reason, and a domain that throws, never crashing', () => {
    const refusing = {
      ...domain,
      specFromKnobs: (values: Record<string, string | number>) =>
        values.operation === 'add' ? domain.specFromKnobs(values, 0) : { ok: false as const, reason: 'add only' },
    } as Domain;
    const drawn = uniformProposals(refusing, 60, 1);
    expect(drawn.proposals.length + drawn.rejected.length).toBe(60);
    expect(drawn.rejected.length).toBeGreaterThan(0);
    expect(drawn.rejected[0]).toMatchObject({ source: 'uniform', reason: 'add only', spec: null, context: null });
    expect(JSON.parse(drawn.rejected[0]!.proposal.raw)).toHaveProperty('operation');
    const throwing = {
      ...domain,
      specFromKnobs: () => {
        throw new Error('boom\nstack');
      },
    } as Domain;
    expect(uniformProposals(throwing, 2, 1).rejected.map((entry) => entry.reason)).toEqual([
      'domain error: boom',
      'domain error: boom',
    ]);
  });
});

describe('epoch metrics', () => {
  it('an epoch without valid task types has null rates, not NaN', () => {
    const metrics = computeEpochMetrics({
      epoch: 3,
      taskTypes: [],
      invalidProposals: 5,
      heldOutAccuracy: {},
      syntheticSamples: 0,
      extra: {},
    });
    expect(metrics).toMatchObject({
      successRate: null,
      inBandFraction: null,
      envReward: null,
      responseLength: null,
      invalidProposals: 5,
      successRates: [],
    });
  });
  it('counts solved and unsolved task types and averages features', () => {
    const taskType = (successes: number, attempts: number, digits: number) =>
      ({
        features: { digits },
        successes,
        attempts,
        assessment: { successRate: successes / attempts, envReward: 1, inBand: successes * 2 === attempts, weight: 1 },
        traces: Array.from({ length: attempts }, (_, index) => ({
          completion: { text: 'ab' },
          reward: index < successes ? 1 : 0,
        })),
      }) as unknown as AssessedTaskType;
    const metrics = computeEpochMetrics({
      epoch: 1,
      taskTypes: [taskType(4, 4, 1), taskType(0, 4, 3), taskType(2, 4, 2)],
      invalidProposals: 0,
      heldOutAccuracy: { a: 0.5 },
      syntheticSamples: 12,
      extra: {},
    });
    expect(metrics).toMatchObject({
      successRate: 0.5,
      inBandFraction: 1 / 3,
      solvedFraction: 1 / 3,
      unsolvedFraction: 1 / 3,
      taskComplexity: { digits: 2 },
      responseLength: 2,
      agentReward: 0.5,
    });
  });
});
