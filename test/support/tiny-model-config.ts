/**
 * The smallest built-in model the algorithm tests train: one layer of width 16, two heads, a 32-token context, over
 * `tokenizer`'s vocabulary. Seconds per test, yet every part of a step (attention, feed-forward, norms) is exercised.
 */
import { type ModelConfig, ModelConfigSchema } from '../../src/models/model-config.ts';
import type { Tokenizer } from '../../src/models/tokenizer.ts';

export function tinyModelConfig(tokenizer: Tokenizer): ModelConfig {
  return ModelConfigSchema.parse({
    vocabSize: tokenizer.vocabSize,
    modelWidth: 16,
    layers: 1,
    heads: 2,
    hiddenWidth: 32,
    contextLength: 32,
  });
}
