import { describe, expect, it } from 'vitest';
import type { ScoredSequence } from '../models/batching.ts';
import type { LanguageModel } from '../models/language-model.ts';
import { supervisedFineTune, type SftOrder } from './sft.ts';

/** A model that records the sequence lengths of every batch it scores and learns nothing. */
function recordingModel(batches: number[][]): LanguageModel {
  return {
    score(sequences: ScoredSequence[]) {
      batches.push(sequences.map((sequence) => sequence.tokens.length));
      const logprobs = sequences.map((sequence) => sequence.tokens.slice(sequence.lossStart).map(() => -1));
      return { logprobs, entropies: logprobs, backward: () => {} };
    },
    step: () => {},
  } as unknown as LanguageModel;
}

const sequences: ScoredSequence[] = Array.from({ length: 12 }, (_, index) => ({
  tokens: Array.from({ length: 3 + ((index * 7) % 12) }, () => 1),
  lossStart: 1,
}));

function batchesOf(order: SftOrder | undefined, epochs: number): number[][] {
  const batches: number[][] = [];
  const adam = { learningRate: 1e-3, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0, clipNorm: 1 };
  supervisedFineTune(recordingModel(batches), sequences, { adam, epochs, batchSize: 4, seed: 3, order });
  return batches;
}

describe('SFT order', () => {
  it('runs the first epoch shortest first, then shuffles', () => {
    const batches = batchesOf('shortest-first', 2);
    const first = batches.slice(0, 3).flat();
    expect(first).toEqual([...first].sort((a, b) => a - b));
    const second = batches.slice(3).flat();
    expect(second).not.toEqual([...second].sort((a, b) => a - b));
    expect([...second].sort((a, b) => a - b)).toEqual([...first]);
  });

  it('keeps the shuffled order (and its random stream) by default', () => {
    expect(batchesOf(undefined, 2)).toEqual(batchesOf('shuffled', 2));
    const flat = batchesOf('shuffled', 1).flat();
    expect(flat).not.toEqual([...flat].sort((a, b) => a - b));
  });
});
