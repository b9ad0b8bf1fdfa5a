/**
 * The ladder's two difficulty knobs: `constraints` (attributes the request gives for the person, 1..6) and
 * `distractors` (values it mentions only to rule them out, 0..6). A spec from knob values draws which attributes.
 */
import type { Knob } from '../../interfaces/domain.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { chooseKnobValues } from '../knob-values.ts';
import { ATTRIBUTES } from './directory.ts';
import {
  constraintCount,
  distractorCount,
  type LadderSpec,
  MAX_CONSTRAINTS,
  MAX_DISTRACTORS,
  MIN_CONSTRAINTS,
} from './spec.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The knobs of a ladder whose distractors go up to `maxDistractors`. */
export const ladderKnobs = (maxDistractors: number): readonly Knob[] => [
  { name: 'constraints', description: 'attributes the request gives', values: range(MIN_CONSTRAINTS, MAX_CONSTRAINTS) },
  { name: 'distractors', description: 'values mentioned only to be ruled out', values: range(0, maxDistractors) },
];

/** The knobs of the original ladder (width 1). */
export const LADDER_KNOBS: readonly Knob[] = ladderKnobs(MAX_DISTRACTORS);

/**
 * A spec with the given knob values, each one of `knobs`' (the world's own); `seed` draws which attributes are given.
 */
export function ladderSpecFromKnobs(
  values: Record<string, string | number>,
  seed: number,
  knobs: readonly Knob[] = LADDER_KNOBS,
): ParseResult<LadderSpec> {
  const chosen = chooseKnobValues(knobs, values);
  if (!chosen.ok) return chosen;
  return {
    ok: true,
    value: drawSpec(Number(chosen.value.constraints), Number(chosen.value.distractors), new Random(seed)),
  };
}

/** A spec giving `constraints` attributes drawn uniformly (in column order) and `distractors` ruled-out values. */
export function drawSpec(constraints: number, distractors: number, random: Random): LadderSpec {
  const chosen = new Set(random.shuffle(ATTRIBUTES).slice(0, constraints));
  return { filters: ATTRIBUTES.filter((attribute) => chosen.has(attribute)), distractors };
}

export const ladderKnobValuesOf = (spec: LadderSpec): Record<string, number> => ({
  constraints: constraintCount(spec),
  distractors: distractorCount(spec),
});
