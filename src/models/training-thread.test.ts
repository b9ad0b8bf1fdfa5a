import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { LanguageModel } from './language-model.ts';
import { ModelConfigSchema } from './model-config.ts';
import { Tokenizer } from './tokenizer.ts';

/** A two-layer model of the given shape over the byte tokenizer, weights from `seed`. */
function byteModel(
  shape: { modelWidth: number; hiddenWidth: number; contextLength: number; copyHead?: boolean },
  seed: number,
) {
  const tokenizer = new Tokenizer([]);
  const config = ModelConfigSchema.parse({ vocabSize: tokenizer.vocabSize, layers: 2, heads: 2, ...shape });
  return LanguageModel.initialize(config, tokenizer, seed);
}

describe('training thread', () => {
  it.each([
    ['above', 110],
    ['below', 12],
  ])('gives the same bits on one thread and two, %s the hand-off threshold', async (_, length) => {
    const single = byteModel({ modelWidth: 16, hiddenWidth: 24, contextLength: 128 }, 3);
    const parallel = single.clone();
    parallel.enableTrainingThread();
    try {
      const random = new Random(5);
      // Above minimumParallelTokens in all the second half runs on the helper thread; below it, on this one.
      const sequences = Array.from({ length: 5 }, (_, index) => ({
        tokens: Array.from({ length: length + 3 * index }, () => random.int(0, 255)),
        lossStart: 2 + index,
      }));
      const one = single.score(sequences, { distributions: true });
      const two = parallel.score(sequences, { distributions: true });
      expect(two.logprobs.map((values) => values.length)).toEqual(one.logprobs.map((values) => values.length));
      one.logprobs.forEach((values, sequence) => {
        values.forEach((value, index) => {
          expect(two.logprobs[sequence]![index]).toBe(value);
        });
      });
      expect(one.distributions.length).toBe(5);
      one.distributions.forEach((values, sequence) => {
        values.forEach((value, index) => {
          expect(two.distributions[sequence]![index]).toBe(value);
        });
      });
      const gradLogprob = one.logprobs.map((values) => values.map(() => random.normal()));
      const gradEntropy = one.logprobs.map((values) => values.map(() => random.normal()));
      one.backward(gradLogprob, gradEntropy);
      two.backward(gradLogprob, gradEntropy);
      single.gradients.forEach((value, index) => {
        expect(parallel.gradients[index]).toBe(value);
      });
      // The weights are shared with the helper: a step on the main thread is seen by the next score.
      const adam = { learningRate: 0.05, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 };
      single.step(adam);
      parallel.step(adam);
      const after = parallel.score(sequences).logprobs;
      single.score(sequences).logprobs.forEach((values, sequence) => {
        values.forEach((value, index) => {
          expect(after[sequence]![index]).toBe(value);
        });
      });
      expect(() => two.backward(gradLogprob, gradEntropy)).toThrow(/latest/);
    } finally {
      await parallel.close();
    }
  });
});

describe('forward-only scoring', () => {
  it('gives each sequence the same log-probs whatever is scored beside it, on one thread or two', async () => {
    const model = byteModel({ modelWidth: 32, hiddenWidth: 48, contextLength: 160, copyHead: true }, 9);
    const random = new Random(4);
    // Unequal lengths, so that each chunk pads its sequences to another length.
    const sequences = Array.from({ length: 12 }, (_, index) => ({
      tokens: Array.from({ length: 40 + 9 * index }, () => random.int(0, 255)),
      lossStart: 5 + index,
    }));
    const alone = sequences.map((sequence) => model.score([sequence], { entropies: false }).logprobs[0]!);
    const together = model.score(sequences, { entropies: false }).logprobs;
    model.enableTrainingThread();
    try {
      const split = model.score(sequences, { entropies: false }).logprobs;
      for (let index = 0; index < sequences.length; index++) {
        expect(together[index]).toEqual(alone[index]);
        expect(split[index]).toEqual(alone[index]);
      }
    } finally {
      await model.close();
    }
  });
});
