import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { byteModel } from '../../test/support/byte-model.ts';

describe('training thread', () => {
  // In the third case each half has HELP_MINIMUM_TOKENS tokens and products large enough to be shared: whichever
  // thread is done first takes tasks of the other's (helpWhileWaiting).
  it.each([
    ['above the hand-off threshold', 110, 16, 5],
    ['below the hand-off threshold', 12, 16, 5],
    ['with products the threads share', 110, 96, 20],
  ])('gives the same bits on one thread and two, %s', async (_, length, modelWidth, count) => {
    const single = byteModel({ modelWidth, hiddenWidth: (modelWidth * 3) / 2, contextLength: 128 }, 3);
    const parallel = single.clone();
    parallel.enableTrainingThread();
    try {
      const random = new Random(5);
      // Above minimumParallelTokens in all the second half runs on the helper thread; below it, on this one.
      const sequences = Array.from({ length: count }, (_, index) => ({
        tokens: Array.from({ length: length + ((3 * index) % 16) }, () => random.int(0, 255)),
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
      expect(one.distributions.length).toBe(count);
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

describe('scoreFrozen', () => {
  /** Whether two arrays hold the same bits (−0 and NaN payloads included). */
  const sameBits = (a: Float32Array | undefined, b: Float32Array | undefined) =>
    a !== undefined &&
    b !== undefined &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

  /** Sequences of 2 to 250 tokens: more padded rows than one frozen batch holds. */
  function sequencesOf(count: number, seed: number) {
    const random = new Random(seed);
    return Array.from({ length: count }, (_, index) => ({
      tokens: Array.from({ length: index === 0 ? 2 : random.int(3, 250) }, () => random.int(0, 255)),
      lossStart: 1 + (index % 7),
    }));
  }

  it.each([
    ['one thread', false],
    ['two threads', true],
  ])(
    'gives the bits of scoring each sequence alone, under its own weights and a reference’s (%s)',
    async (_, threaded) => {
      const model = byteModel({ modelWidth: 16, hiddenWidth: 24, contextLength: 256, copyHead: true }, 4);
      const reference = model.clone();
      // The model moves away from its reference, so the two give different scores.
      const sequences = sequencesOf(36, 2);
      const pass = model.score(sequences.slice(0, 4));
      pass.backward(
        pass.logprobs.map((values) => values.map(() => -1)),
        null,
      );
      model.step({ learningRate: 0.05, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 });
      if (threaded) model.enableTrainingThread();
      try {
        for (const [weights, owner] of [
          [model, model],
          [reference, reference],
        ] as const) {
          const frozen = model.scoreFrozen(sequences, { distributions: true }, weights);
          sequences.forEach((sequence, index) => {
            const alone = owner.score([sequence], { distributions: true });
            expect(sameBits(frozen.logprobs[index], alone.logprobs[0])).toBe(true);
            expect(sameBits(frozen.entropies[index], alone.entropies[0])).toBe(true);
            expect(sameBits(frozen.distributions[index], alone.distributions[0])).toBe(true);
          });
        }
        const withoutEntropies = model.scoreFrozen(sequences, { entropies: false }, reference);
        expect(withoutEntropies.entropies).toEqual([]);
        expect(withoutEntropies.distributions).toEqual([]);
        expect(sameBits(withoutEntropies.logprobs[5], reference.score([sequences[5]!]).logprobs[0])).toBe(true);
        expect(sameBits(withoutEntropies.logprobs[7], model.scoreFrozen(sequences).logprobs[7])).toBe(false);
      } finally {
        await model.close();
      }
    },
  );

  it('ends the scoring pass before it, and refuses weights of another shape', async () => {
    const model = byteModel({ modelWidth: 16, hiddenWidth: 24, contextLength: 256 }, 4);
    const other = byteModel({ modelWidth: 8, hiddenWidth: 24, contextLength: 256 }, 4);
    model.enableTrainingThread();
    try {
      const sequences = sequencesOf(6, 3);
      const pass = model.score(sequences);
      model.scoreFrozen(sequences);
      expect(() => pass.backward(pass.logprobs, null)).toThrow(/latest/);
      expect(() => model.scoreFrozen(sequences, {}, other)).toThrow(/another shape/);
    } finally {
      await model.close();
    }
  });
});
