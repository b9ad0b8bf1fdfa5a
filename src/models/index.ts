export { LanguageModel, type ScoringPass, type SequenceScores } from './language-model.ts';
export { ModelConfigSchema, headWidth, type ModelConfig } from './model-config.ts';
export { Tokenizer, TokenizerStateSchema, type TokenizerState } from './tokenizer.ts';
export { readCheckpoint, writeCheckpoint, type ModelCheckpoint } from './checkpoint.ts';
export { parameterLayout, type ParameterLayout, type TensorSlot } from './parameters.ts';
export type { GeneratedSequence, GenerationOptions, GenerationRequest } from './generation.ts';
export type { ScoredSequence } from './batching.ts';
export type { AdamOptions, AdamState } from './adam.ts';
export {
  activeBackend,
  describeBackend,
  resultFamily,
  nativeUnavailableReason,
  setNativeThreads,
  useBackend,
  type BackendChoice,
  type BackendName,
} from './kernels.ts';
