/** The options of the ladder world (`domain.options` of a run config naming `ladder`). */
import { z } from 'zod';
import { integerRange, widthOptionSchema, worldOptionsSchema } from '../world-options.ts';
import { MAX_CONSTRAINTS, MAX_DISTRACTORS, MAX_WIDTH, MIN_CONSTRAINTS } from './spec.ts';

/** An inclusive [low, high] range of one knob. */
const knobRange = integerRange;

const rungRange = (constraints: [number, number], distractors: [number, number], what: string) =>
  z
    .object({
      constraints: knobRange(MIN_CONSTRAINTS, MAX_CONSTRAINTS).default(constraints).describe(`constraints of ${what}`),
      distractors: knobRange(0, MAX_DISTRACTORS * MAX_WIDTH)
        .default(distractors)
        .describe(`distractors of ${what}`),
    })
    .strict()
    .default({ constraints, distractors })
    .describe(`the rungs of ${what}: the [low, high] range of each knob, inclusive`);

export const LadderOptionsSchema = worldOptionsSchema({
  seedTasks: 120,
  world: 'nothing (every variation draws its person from the task seed)',
  exactReward: 'the exact calls',
  partialReward: 'the F1 of matched tools and arguments',
  success: 'the exact calls',
}).extend({
  seedRungs: rungRange([1, 2], [0, 1], 'the seeds and test-id'),
  hardRungs: rungRange([3, 4], [2, 4], 'test-hard'),
  width: widthOptionSchema(
    MAX_WIDTH,
    `how many times wider the distractor knob is than the original ladder's 0–${MAX_DISTRACTORS} (its top rungs far ` +
      'above what the warm-started agent solves)',
  ),
});
export type LadderOptions = z.infer<typeof LadderOptionsSchema>;
