/**
 * A ladder task type: how many people the search returns (candidates) and which attributes the request gives to
 * tell the one it means from the others (constraints). Every other candidate misses exactly one of them, so each
 * constraint must be checked. Each variation draws the people, the values and the action.
 */
import { z } from 'zod';
import { ATTRIBUTES } from './directory.ts';

export const MIN_CANDIDATES = 2;
export const MAX_CANDIDATES = 8;
export const MIN_CONSTRAINTS = 1;
export const MAX_CONSTRAINTS = ATTRIBUTES.length;

export const LadderSpecSchema = z
  .object({
    candidates: z
      .number()
      .int()
      .min(MIN_CANDIDATES)
      .max(MAX_CANDIDATES)
      .describe('people the search returns; all but one miss one constraint'),
    filters: z
      .array(z.enum(ATTRIBUTES))
      .min(MIN_CONSTRAINTS)
      .max(MAX_CONSTRAINTS)
      .describe('attributes the request gives, each at most once'),
  })
  .strict()
  .superRefine((spec, issues) => {
    if (new Set(spec.filters).size !== spec.filters.length)
      issues.addIssue({ code: 'custom', message: 'each filter attribute at most once', path: ['filters'] });
  });

export type LadderSpec = z.infer<typeof LadderSpecSchema>;

export const candidatesOf = (spec: LadderSpec): number => spec.candidates;
export const constraintsOf = (spec: LadderSpec): number => spec.filters.length;
/** How high a task type sits on the ladder: (candidates − 2) + (constraints − 1), 0..11. */
export const rungOf = (spec: LadderSpec): number =>
  spec.candidates - MIN_CANDIDATES + spec.filters.length - MIN_CONSTRAINTS;
