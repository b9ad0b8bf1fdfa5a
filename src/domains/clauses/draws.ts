/**
 * Draws of compositions: the draw from the whole grammar that knows nothing of difficulty (what the `uniform` baseline
 * makes on a world with no knobs), the draws of the seeds and held-out sets over a range of lengths, and how many
 * distinct task types the grammar holds.
 */
import type { Random } from '../../util/random.ts';
import { CLAUSES, type ClausesSpec, MIN_CLAUSES } from './spec.ts';

/** An inclusive range of composition lengths (clauses), drawn uniformly. */
export interface ClauseRange {
  clauses: readonly [number, number];
}

/** A composition of `length` clauses, each uniform among the 18 (every clause valid at every position). */
export const drawComposition = (length: number, random: Random): ClausesSpec => ({
  clauses: Array.from({ length }, () => ({ ...random.pick(CLAUSES) })),
});

/** A composition over `range`: its length uniform in the range, then each clause uniform among the 18. */
export const drawInRange = (range: ClauseRange, random: Random): ClausesSpec =>
  drawComposition(random.int(...range.clauses), random);

/**
 * The draw from the whole grammar of a world of at most `maxClauses` clauses: the number of clauses uniform over
 * 1..maxClauses, then each clause uniform among the 18. Not uniform over task types (those of the longest length
 * would be all but every draw): every length is as likely, as a practitioner drawing from a grammar would do.
 */
export const drawFromGrammar = (maxClauses: number, random: Random): ClausesSpec =>
  drawInRange({ clauses: [MIN_CLAUSES, maxClauses] }, random);

/**
 * The distinct valid task types of a world of at most `maxClauses` clauses: Σ 18^L over L = 1..maxClauses (every
 * sequence is valid). Exact below 2^53 (width 1: 36,012,942), a float above.
 */
export function taskTypeCount(maxClauses: number): number {
  let total = 0;
  for (let length = MIN_CLAUSES; length <= maxClauses; length++) total += CLAUSES.length ** length;
  return total;
}
