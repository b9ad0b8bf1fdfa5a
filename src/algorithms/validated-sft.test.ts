import { describe, expect, it } from 'vitest';
import { LanguageModel } from '../models/language-model.ts';
import { Tokenizer } from '../models/tokenizer.ts';
import { tinyModelConfig } from '../../test/support/tiny-model-config.ts';
import { fineTuneSteps, supervisedFineTune, type SftOptions } from './sft.ts';
import { validatedFineTune } from './validated-sft.ts';

const tokenizer = new Tokenizer([]);
const config = tinyModelConfig(tokenizer);
const encodePair = (prompt: string, response: string) => {
  const promptTokens = [Tokenizer.begin, ...tokenizer.encode(prompt), Tokenizer.separator];
  return { tokens: [...promptTokens, ...tokenizer.encode(response), Tokenizer.end], lossStart: promptTokens.length };
};
const corpus = Array.from({ length: 12 }, (_, index) => encodePair(`${index}+1`, String(index + 1)));
const options: SftOptions = {
  adam: { learningRate: 1e-2, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 },
  epochs: 4,
  batchSize: 4,
  seed: 5,
  schedule: 'cosine',
};

/** The model after the first `steps` steps of the same fine-tune, taken without checks. */
function trainedFor(steps: number): LanguageModel {
  const model = LanguageModel.initialize(config, tokenizer, 1);
  const stepping = fineTuneSteps(model, corpus, options);
  for (let step = 0; step < steps; step++) stepping.next();
  return model;
}

/** An accuracy that reads the scripted values in turn. */
const scripted = (values: number[]) => {
  let call = 0;
  return async () => values[call++] ?? 0;
};

describe('SFT that checks a validation split', () => {
  it('stops by the verdict and leaves the model as it was at the kept check', async () => {
    const model = LanguageModel.initialize(config, tokenizer, 1);
    const stats = await validatedFineTune(model, corpus, options, {
      every: 2,
      patience: 2,
      accuracy: scripted([0.1, 0.6, 0.5, 0.55, 0.9]),
    });
    // Checks after steps 2, 4, 6, 8: the one at step 4 is kept, two checks without better stop it at step 8.
    expect(stats).toMatchObject({ steps: 4, stepsTaken: 8, checks: 4, validationAccuracy: 0.6 });
    const reference = trainedFor(4);
    expect(model.parameters).toEqual(reference.parameters);
    expect(model.optimizer).toEqual(reference.optimizer);
  });

  it('runs every step of the schedule while the checks improve, checking after the last step too', async () => {
    const model = LanguageModel.initialize(config, tokenizer, 1);
    // 12 pairs in batches of 4 over 4 passes: 12 steps; checks after 5 and 10, and after the last (12).
    const stats = await validatedFineTune(model, corpus, options, {
      every: 5,
      patience: 1,
      accuracy: scripted([0.2, 0.4, 0.7]),
    });
    expect(stats).toMatchObject({ steps: 12, stepsTaken: 12, checks: 3, validationAccuracy: 0.7 });
    const plain = LanguageModel.initialize(config, tokenizer, 1);
    const plainStats = supervisedFineTune(plain, corpus, options);
    expect(model.parameters).toEqual(plain.parameters);
    expect(stats.lastLoss).toBe(plainStats.lastLoss);
  });

  it('trains nothing and checks nothing without data', async () => {
    const model = LanguageModel.initialize(config, tokenizer, 1);
    const before = new Float32Array(model.parameters);
    const stats = await validatedFineTune(model, [], options, { every: 1, patience: 1, accuracy: scripted([1]) });
    expect(stats).toMatchObject({ steps: 0, stepsTaken: 0, checks: 0 });
    expect(model.parameters).toEqual(before);
  });
});
