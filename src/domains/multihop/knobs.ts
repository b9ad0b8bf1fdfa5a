/**
 * Difficulty knobs (ordered easy → hard), the spec a parametric simulator gets from a choice of knob values
 * (the seed draws the paths), the inverse, and the difficulty features of a spec.
 */
import type { Knob } from '../../interfaces/domain.ts';
import type { Features, ParseResult } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { Random } from '../../util/random.ts';
import { chooseKnobValues } from '../knob-values.ts';
import {
  COMPARABLE,
  type Ending,
  RELATION_NAMES,
  type RelationName,
  completesIn,
  endsAs,
  isValueRelation,
  mayFollow,
} from './catalogue.ts';
import { PARAPHRASE_LEVELS } from './phrases.ts';
import {
  type AnswerType,
  MultihopSpecSchema,
  type MultihopSpec,
  type QuestionForm,
  answerTypeOf,
  hopsOf,
} from './spec.ts';

export const ANSWER_TYPES: readonly AnswerType[] = ['number', 'entity', 'which', 'yesno'];

export const MULTIHOP_KNOBS: readonly Knob[] = [
  { name: 'hops', description: 'documents to find and read, one per relation', values: [2, 3, 4] },
  {
    name: 'answer',
    description:
      'number / entity: the value or entity a bridge ends with; which: the entity that comes first in a ' +
      'comparison; yesno: whether the first side of a comparison comes first',
    values: ANSWER_TYPES,
  },
  { name: 'distractors', description: 'similar-named distractor documents', values: [0, 1, 2, 4] },
  {
    name: 'paraphrase',
    description: 'question wording: 0 common, 1 alternative, 2 rare, 3 unseen in the seeds',
    values: Array.from({ length: PARAPHRASE_LEVELS }, (_, level) => level),
  },
];

/** A random path of exactly `steps` relations ending as `ending` (null when there is none). */
export function drawPath(random: Random, steps: number, ending: Ending): RelationName[] | null {
  const path: RelationName[] = [];
  for (let left = steps; left >= 1; left--) {
    const previous = path[path.length - 1];
    const options = RELATION_NAMES.filter(
      (next) =>
        mayFollow(previous, next) &&
        (left === 1 ? endsAs(next, ending) : !isValueRelation(next) && completesIn(next, left - 1, ending)),
    );
    if (options.length === 0) return null;
    path.push(random.pick(options));
  }
  return path;
}

/** The form and paths of a question with `hops` hops and answer type `answer`, drawn from `random`. */
export function drawPaths(
  random: Random,
  hops: number,
  answer: AnswerType,
): Pick<MultihopSpec, 'form' | 'paths'> | null {
  if (answer === 'number' || answer === 'entity') {
    const path = drawPath(random, hops, answer === 'number' ? 'value' : 'entity');
    return path ? { form: 'bridge', paths: [path] } : null;
  }
  const choices = COMPARABLE.flatMap((compared) =>
    Array.from({ length: hops - 1 }, (_, index) => [index + 1, hops - index - 1] as const)
      .filter(([left, right]) => completesIn(undefined, left, compared) && completesIn(undefined, right, compared))
      .map(([left, right]) => ({ compared, left, right })),
  );
  if (choices.length === 0) return null;
  const { compared, left, right } = random.pick(choices);
  const paths = [drawPath(random, left, compared), drawPath(random, right, compared)];
  if (!paths[0] || !paths[1]) return null;
  return { form: answer as QuestionForm, paths: paths as RelationName[][] };
}

/** One value per knob → a spec; `seed` draws the paths. */
export function multihopSpecFromKnobs(
  values: Record<string, string | number>,
  seed: number,
): ParseResult<MultihopSpec> {
  const checked = chooseKnobValues(MULTIHOP_KNOBS, values);
  if (!checked.ok) return checked;
  const chosen = checked.value;
  const drawn = drawPaths(new Random(seed), chosen.hops as number, chosen.answer as AnswerType);
  if (!drawn) return { ok: false, reason: `no ${chosen.answer} question takes ${chosen.hops} hops` };
  const parsed = MultihopSpecSchema.safeParse({
    ...drawn,
    distractors: chosen.distractors,
    paraphrase: chosen.paraphrase,
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeZodError(parsed.error) };
}

/** The knob values of a spec; a distractor count between knob values maps to the nearest (ties to the harder). */
export function multihopKnobValuesOf(spec: MultihopSpec): Record<string, string | number> {
  const counts = MULTIHOP_KNOBS[2]!.values as readonly number[];
  const distractors = counts.reduce((best, value) =>
    Math.abs(value - spec.distractors) <= Math.abs(best - spec.distractors) ? value : best,
  );
  return { hops: hopsOf(spec), answer: answerTypeOf(spec), distractors, paraphrase: spec.paraphrase };
}

/**
 * Features: hops (2–4), comparison (0/1), answerType (index in ANSWER_TYPES), distractors (0–4),
 * paraphraseRarity (0–3), actions (the reference's searches and its answer) and the scalar difficulty
 * (0 = a two-hop number bridge in common wording without distractors; about 3.6 at the hardest).
 */
export function multihopFeatures(spec: MultihopSpec): Features {
  const hops = hopsOf(spec);
  const answer = answerTypeOf(spec);
  const features: Features = {
    hops,
    comparison: spec.form === 'bridge' ? 0 : 1,
    answerType: ANSWER_TYPES.indexOf(answer),
    distractors: spec.distractors,
    paraphraseRarity: spec.paraphrase,
    actions: hops + 1,
  };
  features.difficulty =
    Math.round(
      (0.9 * (hops - 2) +
        0.15 * spec.distractors +
        0.25 * spec.paraphrase +
        (spec.paraphrase === PARAPHRASE_LEVELS - 1 ? 0.25 : 0) +
        (spec.form === 'bridge' ? 0 : 0.4) +
        (answer === 'entity' ? 0.1 : 0)) *
        1000,
    ) / 1000;
  return features;
}
