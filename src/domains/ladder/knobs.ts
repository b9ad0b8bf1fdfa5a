/**
 * The ladder's two difficulty knobs: `depth` (lookups in the chain, 1..8) and `constraints` (attributes the start
 * person is searched by, 0..6). A spec from knob values draws the path's steps and which attributes are searched.
 */
import type { Knob } from '../../interfaces/domain.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { chooseKnobValues } from '../knob-values.ts';
import { constraintsOf, depthOf, type LadderSpec, MAX_CONSTRAINTS, MAX_DEPTH } from './spec.ts';
import { STEPS } from './tools.ts';
import { ATTRIBUTES } from './world.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const LADDER_KNOBS: readonly Knob[] = [
  { name: 'depth', description: 'lookups in the chain of calls', values: range(1, MAX_DEPTH) },
  {
    name: 'constraints',
    description: 'attributes the first call searches by (0: named)',
    values: range(0, MAX_CONSTRAINTS),
  },
];

/** A spec with the given depth and constraints; `seed` draws its steps and attributes. */
export function ladderSpecFromKnobs(values: Record<string, string | number>, seed: number): ParseResult<LadderSpec> {
  const chosen = chooseKnobValues(LADDER_KNOBS, values);
  if (!chosen.ok) return chosen;
  return { ok: true, value: drawSpec(Number(chosen.value.depth), Number(chosen.value.constraints), new Random(seed)) };
}

/** A random spec of `depth` steps searched by `constraints` attributes (in canonical order). */
export function drawSpec(depth: number, constraints: number, random: Random): LadderSpec {
  const path = Array.from({ length: depth }, () => random.pick(STEPS));
  const chosen = new Set(random.shuffle(ATTRIBUTES).slice(0, constraints));
  return { path, filters: ATTRIBUTES.filter((attribute) => chosen.has(attribute)) };
}

export const ladderKnobValuesOf = (spec: LadderSpec): Record<string, number> => ({
  depth: depthOf(spec),
  constraints: constraintsOf(spec),
});
