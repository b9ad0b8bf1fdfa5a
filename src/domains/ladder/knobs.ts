/**
 * The ladder's two difficulty knobs: `candidates` (people the search returns, 2..8) and `constraints` (attributes
 * that tell the meant one apart, 1..6). A spec from knob values draws which attributes the request gives.
 */
import type { Knob } from '../../interfaces/domain.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { chooseKnobValues } from '../knob-values.ts';
import { ATTRIBUTES } from './directory.ts';
import {
  candidatesOf,
  constraintsOf,
  type LadderSpec,
  MAX_CANDIDATES,
  MAX_CONSTRAINTS,
  MIN_CANDIDATES,
  MIN_CONSTRAINTS,
} from './spec.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const LADDER_KNOBS: readonly Knob[] = [
  { name: 'candidates', description: 'people the search returns', values: range(MIN_CANDIDATES, MAX_CANDIDATES) },
  {
    name: 'constraints',
    description: 'attributes that tell the meant person apart',
    values: range(MIN_CONSTRAINTS, MAX_CONSTRAINTS),
  },
];

/** A spec with the given knob values; `seed` draws which attributes are constrained. */
export function ladderSpecFromKnobs(values: Record<string, string | number>, seed: number): ParseResult<LadderSpec> {
  const chosen = chooseKnobValues(LADDER_KNOBS, values);
  if (!chosen.ok) return chosen;
  return {
    ok: true,
    value: drawSpec(Number(chosen.value.candidates), Number(chosen.value.constraints), new Random(seed)),
  };
}

/** A spec of `candidates` people told apart by `constraints` attributes drawn uniformly (in column order). */
export function drawSpec(candidates: number, constraints: number, random: Random): LadderSpec {
  const chosen = new Set(random.shuffle(ATTRIBUTES).slice(0, constraints));
  return { candidates, filters: ATTRIBUTES.filter((attribute) => chosen.has(attribute)) };
}

export const ladderKnobValuesOf = (spec: LadderSpec): Record<string, number> => ({
  candidates: candidatesOf(spec),
  constraints: constraintsOf(spec),
});
