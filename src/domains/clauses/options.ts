/** The options of the clauses world (`domain.options` of a run config naming `clauses`). */
import { z } from 'zod';
import { integerRange, widthOptionSchema, worldOptionsSchema } from '../world-options.ts';
import { MAX_CLAUSES, MAX_WIDTH, MIN_CLAUSES } from './spec.ts';

/** An inclusive range of composition lengths, within the widest world's. */
const clauseRange = (clauses: [number, number], what: string) =>
  z
    .object({
      clauses: integerRange(MIN_CLAUSES, MAX_CLAUSES * MAX_WIDTH)
        .default(clauses)
        .describe(`clauses of ${what}`),
    })
    .strict()
    .default({ clauses });

export const ClausesOptionsSchema = worldOptionsSchema({
  seedTasks: 120,
  world: 'nothing (every variation draws its person from the task seed)',
  exactReward: 'the exact calls',
  partialReward: 'the F1 of matched tools and arguments',
  success: 'the exact calls',
}).extend({
  seedClauses: clauseRange([1, 3], 'the seeds and test-id').describe(
    'the lengths of the compositions of the seed tasks and test-id',
  ),
  hardClauses: clauseRange([5, 6], 'test-hard').describe('the lengths of the compositions of test-hard'),
  width: widthOptionSchema(
    MAX_WIDTH,
    `how many times longer a composition may be than the original world's 1–${MAX_CLAUSES} clauses (the longest far ` +
      'beyond what the warm-started agent solves)',
  ),
});
export type ClausesOptions = z.infer<typeof ClausesOptionsSchema>;
