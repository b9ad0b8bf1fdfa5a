import { describe, expect, it } from 'vitest';
import { LanguageModel } from './language-model.ts';
import { ModelConfigSchema } from './model-config.ts';
import { Tokenizer } from './tokenizer.ts';

const tokenizer = new Tokenizer([]);
const config = ModelConfigSchema.parse({
  vocabSize: tokenizer.vocabSize,
  modelWidth: 16,
  layers: 2,
  heads: 2,
  hiddenWidth: 24,
  contextLength: 24,
});

describe.each([
  ['generation', config],
  ['generation with a copy head', ModelConfigSchema.parse({ ...config, copyHead: true })],
])('%s', (_, shape) => {
  const model = LanguageModel.initialize(shape, tokenizer, 5);
  // Peaky, varied outputs.
  for (let index = 0; index < model.parameters.length; index++) model.parameters[index] = model.parameters[index]! * 4;
  const requests = [
    { prompt: [Tokenizer.begin, 65, 66, Tokenizer.separator], maxNewTokens: 9 },
    { prompt: [Tokenizer.begin, 67, Tokenizer.separator], maxNewTokens: 12 },
    { prompt: [Tokenizer.begin, 65, 66, Tokenizer.separator], maxNewTokens: 9 },
    { prompt: Array.from({ length: 20 }, (_, index) => 40 + index), maxNewTokens: 50 },
  ];
  for (const options of [
    { temperature: 0, topP: 1 },
    { temperature: 1, topP: 0.9 },
  ]) {
    it(`key/value cache gives the same tokens and log-probs as full recomputation (T=${options.temperature})`, () => {
      const settings = { ...options, seed: 17, stopToken: Tokenizer.end };
      const cached = model.generate(requests, settings, true);
      const recomputed = model.generate(requests, settings, false);
      expect(cached.map((result) => result.tokens)).toEqual(recomputed.map((result) => result.tokens));
      cached.forEach((result, sequence) => {
        result.logprobs.forEach((logprob, index) => {
          expect(logprob).toBeCloseTo(recomputed[sequence]!.logprobs[index]!, 4);
        });
      });
      // The context bounds the budget: 24 − 20 = 4 new tokens at most.
      expect(cached[3]!.tokens.length).toBeLessThanOrEqual(4);
      expect(cached[0]!.tokens.length).toBeGreaterThan(0);
    });
  }

  it('recorded log-probs equal a teacher-forced scoring pass', () => {
    const settings = { temperature: 1, topP: 1, seed: 3, stopToken: Tokenizer.end };
    const [result] = model.generate([requests[1]!], settings);
    const scored = model.score([
      { tokens: [...requests[1]!.prompt, ...result!.tokens], lossStart: requests[1]!.prompt.length },
    ]);
    expect(scored.logprobs[0]!.length).toBe(result!.tokens.length);
    scored.logprobs[0]!.forEach((logprob, index) => {
      expect(logprob).toBeCloseTo(result!.logprobs[index]!, 4);
    });
  });

  it('is deterministic in the seed and independent of batching', () => {
    const settings = { temperature: 1, topP: 1, seed: 9, stopToken: Tokenizer.end };
    const together = model.generate(requests.slice(0, 2), settings);
    const again = model.generate(requests.slice(0, 2), settings);
    expect(again).toEqual(together);
    const chunked = model.generate(requests.slice(0, 2), settings, true, 1);
    expect(chunked).toEqual(together);
    const different = model.generate(requests.slice(0, 2), { ...settings, seed: 10 });
    expect(different.map((result) => result.tokens)).not.toEqual(together.map((result) => result.tokens));
  });
});
