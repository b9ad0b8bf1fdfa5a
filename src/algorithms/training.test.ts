import { describe, expect, it } from 'vitest';
import { LanguageModel } from '../models/language-model.ts';
import { Tokenizer } from '../models/tokenizer.ts';
import { tinyModelConfig } from '../../test/support/tiny-model-config.ts';
import { deriveSeed } from '../util/random.ts';
import { grpoUpdate, guidedGroups, warmedUpLearningRate, type GrpoOptions } from './grpo.ts';
import { rwrUpdate, type RwrOptions } from './rwr.ts';
import { evaluateLoss, supervisedFineTune } from './sft.ts';

const tokenizer = new Tokenizer([]);
const config = tinyModelConfig(tokenizer);
const adam = { learningRate: 1e-2, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 };
const encodePair = (prompt: string, response: string) => {
  const promptTokens = [Tokenizer.begin, ...tokenizer.encode(prompt), Tokenizer.separator];
  return { tokens: [...promptTokens, ...tokenizer.encode(response), Tokenizer.end], lossStart: promptTokens.length };
};

describe('SFT', () => {
  it('lowers the response loss on a toy corpus, and only the response is scored', () => {
    const corpus = [
      ['2+2', '4'],
      ['3+4', '7'],
      ['1+5', '6'],
      ['2+3', '5'],
    ].map(([prompt, response]) => encodePair(prompt!, response!));
    const model = LanguageModel.initialize(config, tokenizer, 1);
    const before = evaluateLoss(model, corpus);
    const stats = supervisedFineTune(model, corpus, { adam, epochs: 40, batchSize: 4, seed: 2 });
    const after = evaluateLoss(model, corpus);
    expect(before).toBeGreaterThan(4); // ≈ log(259) at init
    expect(after).toBeLessThan(0.5 * before);
    expect(stats.lastLoss).toBeLessThan(stats.firstLoss);
    expect(stats.tokens).toBe(40 * 4 * 2); // answer byte + end token per pair
  });
});

const grpoOptions: GrpoOptions = {
  advantage: 'grpo',
  advantageEpsilon: 1e-6,
  clip: 0.2,
  klCoefficient: 0.01,
  klEstimator: 'k3',
  entropyCoefficient: 0,
  aggregation: 'token-mean',
  epochs: 2,
  minibatchSize: 16,
  adam,
};

describe('GRPO', () => {
  it('raises the reward on a task whose optimum is known (answer in ASCII bytes only)', () => {
    const model = LanguageModel.initialize(config, tokenizer, 3);
    const reference = model.clone();
    const prompts = ['a', 'b'].map((text) => [Tokenizer.begin, ...tokenizer.encode(text), Tokenizer.separator]);
    // Reward: share of the 3 response tokens that are bytes < 128 (the optimum, 1, is reachable).
    const reward = (tokens: number[]) => tokens.filter((token) => token < 128).length / 3;
    const meanReward = (seed: number) => {
      const requests = prompts.flatMap((prompt) => Array.from({ length: 8 }, () => ({ prompt, maxNewTokens: 3 })));
      const generated = model.generate(requests, { temperature: 1, topP: 1, seed, stopToken: -1 });
      return {
        requests,
        generated,
        mean: generated.reduce((sum, result) => sum + reward(result.tokens), 0) / generated.length,
      };
    };
    const initial =
      [0, 1, 2].map((seed) => meanReward(deriveSeed(99, seed)).mean).reduce((sum, value) => sum + value) / 3;
    for (let update = 0; update < 25; update++) {
      const { requests, generated } = meanReward(deriveSeed(5, update));
      const groups = prompts.map((_, group) => ({
        sequences: generated.slice(group * 8, group * 8 + 8).map((result, index) => ({
          tokens: [...requests[group * 8 + index]!.prompt, ...result.tokens],
          lossStart: requests[0]!.prompt.length,
        })),
        rewards: generated.slice(group * 8, group * 8 + 8).map((result) => reward(result.tokens)),
      }));
      const stats = grpoUpdate(model, reference, groups, grpoOptions, update);
      // The worst of each update beside its means: the largest step's norm and token KL, the tokens the bound cut.
      if (!stats.steps) continue;
      expect(stats.gradientNormMax).toBeGreaterThanOrEqual(stats.gradientNorm!);
      expect(stats.klMax).toBeGreaterThanOrEqual(stats.kl!);
      expect(stats.klMax).toBeLessThanOrEqual(10);
      expect(stats.klClampedTokens).toBeGreaterThanOrEqual(0);
    }
    const final =
      [0, 1, 2].map((seed) => meanReward(deriveSeed(98, seed)).mean).reduce((sum, value) => sum + value) / 3;
    expect(initial).toBeLessThan(0.7);
    expect(final).toBeGreaterThan(initial + 0.25);
  });

  it('is a no-op for an empty batch, a group of one and all-equal rewards', () => {
    const model = LanguageModel.initialize(config, tokenizer, 4);
    const before = new Float32Array(model.parameters);
    const sequence = encodePair('q', 'x');
    expect(grpoUpdate(model, null, [], grpoOptions, 0).steps).toBe(0);
    expect(grpoUpdate(model, null, [{ sequences: [sequence], rewards: [1] }], grpoOptions, 0).steps).toBe(0);
    const stats = grpoUpdate(
      model,
      null,
      [{ sequences: [sequence, sequence, sequence], rewards: [0.5, 0.5, 0.5] }],
      grpoOptions,
      0,
    );
    expect(stats.steps).toBe(0);
    expect(Number.isNaN(stats.rewardMean)).toBe(false);
    expect(model.parameters).toEqual(before);
  });
});

describe('GRPO with off-policy guidance', () => {
  const guide = encodePair('q', 'right');
  const rollouts = ['wrong', 'nope', 'xx'].map((response) => encodePair('q', response));
  const logprobOf = (model: LanguageModel, sequence: typeof guide) =>
    model.score([sequence]).logprobs[0]!.reduce((sum, value) => sum + value, 0);

  it('adds the guide only to groups that the mode names', () => {
    const failed = { sequences: rollouts, rewards: [0, 0, 0], guide };
    const solved = { sequences: rollouts, rewards: [0, 1, 0], guide };
    const unguided = { sequences: rollouts, rewards: [0, 0, 0] };
    expect(guidedGroups([failed, solved, unguided], 'none').map((group) => group.guided)).toEqual([
      false,
      false,
      false,
    ]);
    const partly = guidedGroups([failed, solved, unguided], 'failed-groups');
    expect(partly.map((group) => group.guided)).toEqual([true, false, false]);
    expect(partly[0]!.rewards).toEqual([0, 0, 0, 1]);
    expect(partly[0]!.sequences.at(-1)).toBe(guide);
    expect(guidedGroups([failed, solved, unguided], 'all-groups').map((group) => group.guided)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('learns from a group where every rollout failed: the guide rises and the rollouts fall', () => {
    const model = LanguageModel.initialize(config, tokenizer, 7);
    const before = new Float32Array(model.parameters);
    const group = { sequences: rollouts, rewards: [0, 0, 0], guide };
    // Without guidance, an all-failed group carries no signal.
    expect(grpoUpdate(model, model.clone(), [group], grpoOptions, 0).steps).toBe(0);
    expect(model.parameters).toEqual(before);
    const guideBefore = logprobOf(model, guide);
    const rolloutBefore = logprobOf(model, rollouts[0]!);
    const stats = grpoUpdate(model, model.clone(), [group], { ...grpoOptions, guidance: 'failed-groups' }, 0);
    expect(stats.guided).toBe(1);
    expect(stats.sequencesWithSignal).toBe(4);
    expect(stats.rewardMean).toBe(0); // the guide's reward is not the policy's
    expect(logprobOf(model, guide)).toBeGreaterThan(guideBefore + 0.5);
    expect(logprobOf(model, rollouts[0]!)).toBeLessThan(rolloutBefore);
  });

  it('skips rollouts with a negative advantage when asked, leaving them untouched by the loss', () => {
    const model = LanguageModel.initialize(config, tokenizer, 8);
    const group = { sequences: rollouts, rewards: [1, 0, 0], guide };
    const kept = grpoUpdate(model.clone(), null, [group], grpoOptions, 0);
    expect(kept.sequencesWithSignal).toBe(3);
    const skipped = grpoUpdate(model.clone(), null, [group], { ...grpoOptions, negativeSamples: 'skip' }, 0);
    expect(skipped.sequencesWithSignal).toBe(1);
    // An all-failed group with its guide and skipping: only the guide is trained.
    const guidedOnly = grpoUpdate(
      model,
      null,
      [{ ...group, rewards: [0, 0, 0] }],
      { ...grpoOptions, guidance: 'failed-groups', negativeSamples: 'skip' },
      0,
    );
    expect(guidedOnly.sequencesWithSignal).toBe(1);
    expect(guidedOnly.guided).toBe(1);
  });
});

describe('GRPO learning-rate warm-up', () => {
  it("ramps linearly over the optimiser's first steps, then holds", () => {
    expect(warmedUpLearningRate(1e-3, 0, 100)).toBeCloseTo(1e-5, 12);
    expect(warmedUpLearningRate(1e-3, 49, 100)).toBeCloseTo(5e-4, 12);
    expect(warmedUpLearningRate(1e-3, 99, 100)).toBe(1e-3);
    expect(warmedUpLearningRate(1e-3, 5000, 100)).toBe(1e-3);
    expect(warmedUpLearningRate(1e-3, 0, 0)).toBe(1e-3);
  });

  it('takes smaller first steps from fresh moments', () => {
    const group = {
      sequences: ['a', 'b', 'c', 'd'].map((response) => encodePair('q', response)),
      rewards: [1, 0, 1, 0],
    };
    const moved = (warmupSteps: number) => {
      const model = LanguageModel.initialize(config, tokenizer, 9);
      const before = new Float32Array(model.parameters);
      grpoUpdate(model, null, [group], { ...grpoOptions, epochs: 1, warmupSteps }, 0);
      return model.parameters.reduce((sum, value, index) => sum + Math.abs(value - before[index]!), 0);
    };
    // One step at 1/100 of the rate moves the weights by about 1/100 as much (Adam's first step is ±lr).
    expect(moved(100) / moved(0)).toBeCloseTo(0.01, 2);
  });
});

describe('RWR', () => {
  const rwrOptions: RwrOptions = { klCoefficient: 0.05, klEstimator: 'k3', klCap: 0.006, steps: 1, adam };

  it('moves proposals toward high-weight ones while the measured per-update KL stays under the cap', () => {
    const model = LanguageModel.initialize(config, tokenizer, 5);
    const initial = model.clone();
    const good = encodePair('ctx', 'hard');
    const bad = encodePair('ctx', 'easy');
    const logprobOf = (sequence: typeof good) =>
      model.score([sequence]).logprobs[0]!.reduce((sum, value) => sum + value, 0);
    const gapBefore = logprobOf(good) - logprobOf(bad);
    let scaled = 0;
    for (let update = 0; update < 12; update++) {
      const stats = rwrUpdate(
        model,
        initial,
        [
          { sequence: good, weight: 2.5 },
          { sequence: bad, weight: 0.2 },
          { sequence: good, weight: 2.5 },
        ],
        rwrOptions,
      );
      expect(stats.updateKl).toBeLessThanOrEqual(rwrOptions.klCap);
      if (stats.scale! < 1) scaled++;
    }
    const gapAfter = logprobOf(good) - logprobOf(bad);
    expect(gapAfter).toBeGreaterThan(gapBefore + 1);
    expect(scaled).toBeGreaterThan(0); // lr 1e-2 on a tiny model moves fast: the cap must have bitten
  });

  it('with an entropy bonus, keeps the next-token distribution wider than plain RWR on one repeated spec', () => {
    const repeated = encodePair('ctx', 'rung');
    const batch = [1, 2, 3].map(() => ({ sequence: repeated, weight: 1 }));
    const settings = { ...rwrOptions, klCoefficient: 0, klCap: 100 };
    const meanEntropy = (model: LanguageModel) => {
      const entropies = model.score([repeated]).entropies[0]!;
      return entropies.reduce((sum, value) => sum + value, 0) / entropies.length;
    };
    // A simulator already leaning on the spec (entropy well below log |vocab|), as after a few epochs of RWR.
    const leaning = LanguageModel.initialize(config, tokenizer, 8);
    for (let update = 0; update < 10; update++) rwrUpdate(leaning, null, batch, settings);
    const entropyAfter = (entropyBonus: number) => {
      const model = leaning.clone();
      for (let update = 0; update < 10; update++) rwrUpdate(model, null, batch, { ...settings, entropyBonus });
      return meanEntropy(model);
    };
    const start = meanEntropy(leaning);
    const plain = entropyAfter(0);
    expect(plain).toBeLessThan(start);
    expect(entropyAfter(2)).toBeGreaterThan(plain + 0.1);
  });

  it('stops an update that cannot get under the cap, restoring weights and optimiser', () => {
    const model = LanguageModel.initialize(config, tokenizer, 6);
    const before = new Float32Array(model.parameters);
    const stats = rwrUpdate(model, null, [{ sequence: encodePair('c', 'zzzz'), weight: 1 }], {
      ...rwrOptions,
      klCap: 1e-9,
      adam: { ...adam, learningRate: 0.1 },
    });
    expect(stats.stopped).toBe(1);
    expect(model.parameters).toEqual(before);
    expect(model.optimizer.step).toBe(0);
    expect(rwrUpdate(model, null, [], rwrOptions).steps).toBe(0);
    expect(rwrUpdate(model, null, [{ sequence: encodePair('c', 'z'), weight: 0 }], rwrOptions).steps).toBe(0);
  });
});
