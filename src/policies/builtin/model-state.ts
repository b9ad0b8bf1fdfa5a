import { GenEnvError } from '../../interfaces/errors.ts';
import type { AdamOptions } from '../../models/adam.ts';
import { readCheckpoint, writeCheckpoint } from '../../models/checkpoint.ts';
import { LanguageModel } from '../../models/language-model.ts';
import { ModelConfigSchema } from '../../models/model-config.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { checkpointOptions, shapeOf, type BuiltinRole, type OptionsOf, type SharedOptions } from './options.ts';

export type { BuiltinRole } from './options.ts';

/**
 * What a built-in policy owns: the trained model, the frozen reference (agent: KL anchor after the warm
 * start; simulator: the initial simulator), its options and the update counter.
 */
export interface ModelState<O extends SharedOptions = SharedOptions> {
  role: BuiltinRole;
  options: O;
  model: LanguageModel;
  reference: LanguageModel | null;
  version: number;
}

/** A fresh state: tokenizer learned on `corpus`, weights from `seed`. */
export function createModelState<O extends SharedOptions>(
  role: BuiltinRole,
  options: O,
  corpus: readonly string[],
  seed: number,
): ModelState<O> {
  const tokenizer = Tokenizer.learn(corpus, options.merges, options.pieces);
  const config = ModelConfigSchema.parse({ vocabSize: tokenizer.vocabSize, ...shapeOf(options) });
  const model = LanguageModel.initialize(config, tokenizer, seed);
  if (options.trainThreads > 1) model.enableTrainingThread();
  return { role, options, model, reference: null, version: 0 };
}

export function adamOptions(options: SharedOptions, learningRate: number): AdamOptions {
  return {
    learningRate,
    beta1: 0.9,
    beta2: 0.99,
    epsilon: 1e-8,
    weightDecay: options.weightDecay,
    clipNorm: options.clipNorm,
  };
}

/** Writes everything (weights, AdamW moments and step, reference, tokenizer, options, version) under `directory`. */
export function saveModelState(directory: string, state: ModelState): void {
  const arrays: Record<string, Float32Array> = {
    weights: state.model.parameters,
    'adam-first': state.model.optimizer.first,
    'adam-second': state.model.optimizer.second,
  };
  if (state.reference) arrays.reference = state.reference.parameters;
  writeCheckpoint(directory, {
    config: state.model.config,
    tokenizer: state.model.tokenizer.toState(),
    metadata: {
      role: state.role,
      options: state.options,
      version: state.version,
      adamStep: state.model.optimizer.step,
    },
    arrays,
  });
}

/** Reads a state written by saveModelState; anything wrong becomes GenEnvError('policy', one line). */
export function loadModelState<R extends BuiltinRole>(directory: string, role: R): ModelState<OptionsOf<R>> {
  try {
    const checkpoint = readCheckpoint(directory);
    const metadata = checkpoint.metadata;
    if (metadata.role !== role)
      throw new RangeError(`checkpoint in ${directory} is a ${String(metadata.role)}, not a ${role}`);
    const options = checkpointOptions(metadata.options, role);
    const tokenizer = Tokenizer.fromState(checkpoint.tokenizer);
    const weights = checkpoint.arrays.weights;
    const first = checkpoint.arrays['adam-first'];
    const second = checkpoint.arrays['adam-second'];
    if (!weights || !first || !second)
      throw new RangeError(`checkpoint in ${directory} lacks weights or optimiser state`);
    const step = Number(metadata.adamStep);
    const version = Number(metadata.version);
    if (!Number.isInteger(step) || !Number.isInteger(version))
      throw new RangeError(`checkpoint in ${directory} has a bad version or optimiser step`);
    const model = new LanguageModel(checkpoint.config, tokenizer, weights, { first, second, step });
    if (options.trainThreads > 1) model.enableTrainingThread();
    const reference = checkpoint.arrays.reference
      ? new LanguageModel(checkpoint.config, tokenizer, checkpoint.arrays.reference)
      : null;
    return { role, options, model, reference, version };
  } catch (error) {
    if (error instanceof GenEnvError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new GenEnvError('policy', `cannot load built-in ${role} from ${directory}: ${reason}`, { cause: error });
  }
}
