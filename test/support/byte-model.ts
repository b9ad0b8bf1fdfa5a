import { LanguageModel } from '../../src/models/language-model.ts';
import { ModelConfigSchema } from '../../src/models/model-config.ts';
import { Tokenizer } from '../../src/models/tokenizer.ts';

/** A two-layer, two-head model of the given shape over the byte tokenizer, weights from `seed`. */
export function byteModel(
  shape: { modelWidth: number; hiddenWidth: number; contextLength: number; copyHead?: boolean },
  seed: number,
): LanguageModel {
  const tokenizer = new Tokenizer([]);
  const config = ModelConfigSchema.parse({ vocabSize: tokenizer.vocabSize, layers: 2, heads: 2, ...shape });
  return LanguageModel.initialize(config, tokenizer, seed);
}
