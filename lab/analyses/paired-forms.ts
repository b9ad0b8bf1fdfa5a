/**
 * Forms of a curriculum compared on several worlds: each run keyed by its world seed and run seed, a form's figures
 * as means with 95% intervals over its runs, and two forms paired run by run on the (world seed, run seed) pairs
 * both ran. Pure.
 */
import { estimate, type Estimate } from './paired-claim.ts';

/** One run's final figures and what it spent. */
export interface FormRun {
  worldSeed: number;
  seed: number;
  /** Final greedy accuracy per held-out set. */
  heldOut: Record<string, number>;
  /** Share of task types in the band, averaged over the epochs after the third (NaN when none). */
  inBand: number;
  /** Rollouts on generated task types over epochs 1 … last (`budget/rolloutsTotal`). */
  rollouts: number;
  /** The run's wall time. */
  wallSeconds: number;
  /** Generated task types it trained on, mean over epochs 1 … last. */
  taskTypes: number;
}

/** What is compared of a run: a held-out set's final accuracy, or a figure of its own. */
export type FormFigure = 'inBand' | 'rollouts' | 'wallSeconds' | 'taskTypes' | `heldout/${string}`;

/** A run's value of `figure` (NaN where the run lacks it). */
export function figureOf(run: FormRun, figure: FormFigure): number {
  if (figure.startsWith('heldout/')) return run.heldOut[figure.slice('heldout/'.length)] ?? Number.NaN;
  return run[figure as 'inBand' | 'rollouts' | 'wallSeconds' | 'taskTypes'];
}

/** The mean of `figure` over `runs` with its 95% interval. */
export const formEstimate = (runs: readonly FormRun[], figure: FormFigure): Estimate =>
  estimate(runs.map((run) => figureOf(run, figure)));

/**
 * `left` − `right` on `figure`, paired on the (world seed, run seed) pairs both ran: the mean difference with its 95%
 * interval, how many pairs, and how many of them `left` is ahead on.
 */
export function pairedForms(
  left: readonly FormRun[],
  right: readonly FormRun[],
  figure: FormFigure,
): { difference: Estimate; pairs: number; ahead: number } {
  const differences = left.flatMap((run) => {
    const partner = right.find((other) => other.worldSeed === run.worldSeed && other.seed === run.seed);
    return partner ? [figureOf(run, figure) - figureOf(partner, figure)] : [];
  });
  return {
    difference: estimate(differences),
    pairs: differences.length,
    ahead: differences.filter((difference) => difference > 0).length,
  };
}
