/**
 * Difficulty features of a spec (for reports and curricula) and the scalar difficulty derived from
 * them (used by the simulated student; 0 = trivial, about 5.5 = hardest).
 */
import { GenEnvError } from '../../interfaces/errors.ts';
import type { Features } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { intentArgumentCount, intentById, intentTools } from './intents.ts';
import type { ToolWorldSpec } from './spec.ts';
import { buildVariation, wordSlots } from './variation.ts';
import type { WorldState } from './world.ts';

/**
 * Scalar difficulty ≥ 0 of a feature vector: chain length dominates (each extra call is a whole
 * extra output), then values to transform, rare or unseen phrasing, distractors and context.
 */
export function difficultyOf(features: Features): number {
  const value =
    0.8 * (features.chainLength! - 1) +
    0.1 * features.distractors! +
    0.35 * features.transformedValues! +
    0.3 * features.paraphraseRarity! +
    (features.paraphraseRarity === 3 ? 0.3 : 0) +
    0.2 * features.irrelevantContext! +
    0.1 * Math.max(0, features.argumentCount! - 1);
  return Math.round(value * 1000) / 1000;
}

/**
 * Features of a spec: chainLength (1–3 calls), distractors (0–8 tools), argumentCount (over all calls),
 * transformedValues (values written in words), paraphraseRarity (0–3), irrelevantContext (0–2
 * sentences), toolsShown, descriptionLength (characters of a canonical request) and difficulty.
 */
export function toolWorldFeatures(spec: ToolWorldSpec, world: WorldState): Features {
  const item = intentById(spec.intent);
  if (!item) throw new GenEnvError('domain', `toolworld: unknown intent ${JSON.stringify(spec.intent)}`);
  const canonical = buildVariation(spec, world, new Random(0));
  const features: Features = {
    chainLength: item.calls.length,
    distractors: spec.distractors.length,
    argumentCount: intentArgumentCount(item),
    transformedValues: wordSlots(item, spec.words).length,
    paraphraseRarity: spec.phrasing,
    irrelevantContext: spec.context,
    toolsShown: intentTools(item).length + spec.distractors.length,
    descriptionLength: canonical.ok ? canonical.value.request.length : item.phrasings[spec.phrasing]!.length,
  };
  features.difficulty = difficultyOf(features);
  return features;
}
