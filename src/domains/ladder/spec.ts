/**
 * A ladder task type: which attributes the request gives for the person to find (its constraints, written in the spec
 * as `filters`, the name stored runs carry) and how many other values it mentions only to rule them out (its
 * distractors). Each variation draws the person, the values, the order they come in and the action asked for. The
 * knobs, features and reports call the first count `constraints` throughout (constraintCount).
 */
import { z } from 'zod';
import { ATTRIBUTES } from './directory.ts';

export const MIN_CONSTRAINTS = 1;
export const MAX_CONSTRAINTS = ATTRIBUTES.length;
/** The most distractors of the original ladder (width 1). */
export const MAX_DISTRACTORS = 6;
/** The widest ladder a world may be: distractors up to MAX_DISTRACTORS × MAX_WIDTH. */
export const MAX_WIDTH = 4;

/**
 * The most distractors a ladder of `width` allows: MAX_DISTRACTORS × width. Width 1 is the original ladder; a wider
 * one adds rungs far above what a warm-started agent solves (the constraint knob has all six attributes already).
 */
export const maxDistractorsOf = (width: number): number => MAX_DISTRACTORS * width;

/** The spec schema of a ladder with at most `maxDistractors` distractors. */
export const ladderSpecSchema = (maxDistractors: number) =>
  z
    .object({
      filters: z
        .array(z.enum(ATTRIBUTES))
        .min(MIN_CONSTRAINTS)
        .max(MAX_CONSTRAINTS)
        .describe('attributes the request gives for the person, each at most once'),
      distractors: z
        .number()
        .int()
        .min(0)
        .max(maxDistractors)
        .describe('values the request mentions only to rule them out ("not red")'),
    })
    .strict()
    .superRefine((spec, issues) => {
      if (new Set(spec.filters).size !== spec.filters.length)
        issues.addIssue({ code: 'custom', message: 'each filter attribute at most once', path: ['filters'] });
    });

/** The spec schema of the original ladder (width 1). */
export const LadderSpecSchema = ladderSpecSchema(MAX_DISTRACTORS);

export type LadderSpec = z.infer<typeof LadderSpecSchema>;

/** The constraints of a task type: how many attributes its request gives (its `filters`), 1..6. */
export const constraintCount = (spec: LadderSpec): number => spec.filters.length;
/** The distractors of a task type: how many values its request rules out, 0..6·width. */
export const distractorCount = (spec: LadderSpec): number => spec.distractors;
/**
 * How high a task type sits on the ladder: 2·(constraints − 1) + distractors, 0..16 at width 1. A constraint counts
 * twice: at the warm start one more attribute to copy cost the agent about as much success as two more values to rule
 * out. The world reports it twice, as its own `rung` and as `difficulty`, the feature every world reports (reports
 * and the simulated student read that one): one number under two names, both kept since stored runs carry both.
 */
export const rungOf = (spec: LadderSpec): number => 2 * (spec.filters.length - MIN_CONSTRAINTS) + spec.distractors;
