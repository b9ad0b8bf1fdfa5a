/**
 * A ladder task type: the path of steps a chain of calls follows (its depth) and the attributes the first call
 * searches by (its constraints; none means the start person is named). Each variation draws the start person.
 */
import { z } from 'zod';
import { STEPS } from './tools.ts';
import { ATTRIBUTES } from './world.ts';

/** Path steps: 1..MAX_DEPTH lookups. */
export const MAX_DEPTH = 8;
/** Search attributes: 0..MAX_CONSTRAINTS (every attribute at most once). */
export const MAX_CONSTRAINTS = ATTRIBUTES.length;

export const LadderSpecSchema = z
  .object({
    path: z
      .array(z.enum(STEPS))
      .min(1)
      .max(MAX_DEPTH)
      .describe('the steps the chain follows from the start person, e.g. city, firm, boss'),
    filters: z
      .array(z.enum(ATTRIBUTES))
      .max(MAX_CONSTRAINTS)
      .describe('attributes the start person is searched by; empty: the start person is named'),
  })
  .strict()
  .superRefine((spec, issues) => {
    if (new Set(spec.filters).size !== spec.filters.length)
      issues.addIssue({ code: 'custom', message: 'each filter attribute at most once', path: ['filters'] });
  });

export type LadderSpec = z.infer<typeof LadderSpecSchema>;

/** Lookups in the chain, 1..8. */
export const depthOf = (spec: LadderSpec): number => spec.path.length;
/** Search constraints of the first call, 0..6. */
export const constraintsOf = (spec: LadderSpec): number => spec.filters.length;
/** One number for how high a task type sits on the ladder: (depth − 1) + constraints, 0..13. */
export const rungOf = (spec: LadderSpec): number => depthOf(spec) - 1 + constraintsOf(spec);
