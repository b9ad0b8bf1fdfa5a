/**
 * The width of a household world: how many times longer than the original household's its searches may be. The
 * search receptacles and the target's place in the search order go up to MAX_RECEPTACLES × width, so a wider world
 * holds plans several times longer, most of them out of a warm-started agent's reach, while the seeds and held-out
 * sets stay where they are. The spec schema, its compact-text parser, the grammar and the knobs follow the width.
 */
import type { z } from 'zod';
import type { Knob } from '../../interfaces/domain.ts';
import type { SpecGrammar } from '../../interfaces/index.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { householdGrammar } from './grammar.ts';
import { HOUSEHOLD_KNOBS, householdKnobs, householdSpecFromKnobs } from './knobs.ts';
import {
  type HouseholdSpec,
  HouseholdSpecSchema,
  householdSpecSchema,
  maxReceptaclesOf,
  parseHouseholdSpec,
} from './spec.ts';

/** What the width of a household world sets. */
export interface HouseholdWidth {
  /** The most search receptacles, and the deepest place of the target. */
  maxReceptacles: number;
  specSchema: z.ZodType<HouseholdSpec>;
  knobs: readonly Knob[];
  specFromKnobs: (values: Record<string, string | number>, seed: number) => ParseResult<HouseholdSpec>;
  parseSpec: (text: string) => ParseResult<HouseholdSpec>;
  grammar: () => SpecGrammar;
}

/** The spec schema, parser, grammar and knobs of a household of `width` (1 to MAX_WIDTH). */
export function householdWidth(width: number): HouseholdWidth {
  const maxReceptacles = maxReceptaclesOf(width);
  // Width 1 keeps the original world's objects, so its runs and held-out sets are the same as before widths.
  const specSchema = width === 1 ? HouseholdSpecSchema : householdSpecSchema(maxReceptacles);
  const knobs = width === 1 ? HOUSEHOLD_KNOBS : householdKnobs(maxReceptacles);
  return {
    maxReceptacles,
    specSchema,
    knobs,
    specFromKnobs: (values, seed) => householdSpecFromKnobs(values, seed, knobs, specSchema),
    parseSpec: (text) => parseHouseholdSpec(text, specSchema),
    grammar: () => householdGrammar(maxReceptacles),
  };
}
