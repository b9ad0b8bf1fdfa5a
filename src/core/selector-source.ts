/**
 * The selector variant's task types: each epoch, a success predictor (`fitSuccessPredictor`, a logistic regression on
 * the n-grams of a spec's compact text and its feature values) is fitted afresh to every outcome so far, read back from
 * the store (so a resumed run chooses the same), and chooses the epoch's task types among many uniform draws — those
 * whose predicted success is nearest α — with no rollout spent on the choice, as prompt-selection value models do
 * (PCL, arXiv:2510.01135; GPS, arXiv:2602.01970). At α = ½ nearest α is also the largest p(1 − p), SFL's learnability.
 */
import {
  DEFAULT_SUCCESS_PREDICTOR,
  fitSuccessPredictor,
  predictSuccess,
  type SuccessObservation,
  taskTypeKeys,
} from '../curriculum/index.ts';
import type { Domain, GroupOutcome, Proposal, TaskSource } from '../interfaces/index.ts';
import type { RunContext } from './run-context.ts';
import { uniformProposals } from './task-source.ts';
import type { RejectedProposal } from './task-type.ts';

/** Every source whose task types carry a spec: each of their outcomes is evidence for the predictor. */
const OUTCOME_SOURCES: readonly TaskSource[] = [
  'simulator',
  'frontier',
  'uniform',
  'dynamic',
  'selector',
  'static',
  'offline',
  'seed',
];

/** The predictor's keys of a spec the domain accepts, or null for one it does not (a stored spec of another version). */
function keysOf(domain: Domain, spec: unknown, order: number): string[] | null {
  const parsed = domain.specSchema.safeParse(spec);
  return parsed.success ? taskTypeKeys(domain.formatSpec(parsed.data), domain.features(parsed.data), order) : null;
}

/**
 * The stored group outcomes as the predictor's observations: one per task type of an epoch (its groups summed; one
 * spec attempted twice in an epoch is one observation), weighted decay^(age) where age is how many epochs before
 * `epoch` − 1 it was attempted. Pure but for the domain's functions.
 */
export function outcomeObservations(
  domain: Domain,
  groups: readonly GroupOutcome[],
  epoch: number,
  options: { decay: number; order: number },
): SuccessObservation[] {
  const byTaskType = new Map<string, { spec: unknown; epoch: number; successes: number; attempts: number }>();
  for (const group of groups) {
    const key = `${group.epoch} ${JSON.stringify(group.spec)}`;
    const total = byTaskType.get(key) ?? { spec: group.spec, epoch: group.epoch, successes: 0, attempts: 0 };
    total.successes += group.successes;
    total.attempts += group.attempts;
    byTaskType.set(key, total);
  }
  return [...byTaskType.values()].flatMap((observed) => {
    const keys = keysOf(domain, observed.spec, options.order);
    const weight = options.decay ** Math.max(0, epoch - 1 - observed.epoch);
    return keys ? [{ keys, successes: observed.successes, attempts: observed.attempts, weight }] : [];
  });
}

/**
 * The indices of the `count` candidates whose predicted success is nearest `alpha`, in the candidates' order (ties
 * go to the earlier candidate). Pure.
 */
export function nearestToAlpha(predicted: readonly number[], count: number, alpha: number): number[] {
  return predicted
    .map((value, index) => ({ distance: Math.abs(value - alpha), index }))
    .sort((left, right) => left.distance - right.distance || left.index - right.index)
    .slice(0, count)
    .map((entry) => entry.index)
    .sort((left, right) => left - right);
}

/**
 * `count` task types of epoch `epoch` chosen by the success predictor among `selectorPool` × `count` uniform draws
 * (distinct specs only: the first of a spec drawn twice). Each chosen proposal carries its predicted success in
 * `sample.predictedSuccess`; the draws the domain could not build are rejected with their reasons.
 */
export function selectorProposals(
  run: RunContext,
  epoch: number,
  count: number,
): { proposals: Proposal[]; rejected: RejectedProposal[] } {
  const { config, domain } = run;
  const drawn = uniformProposals(domain, config.selectorPool * count, run.streams.selectorDraws(epoch));
  const seen = new Set<string>();
  const candidates = drawn.proposals.filter((proposal) => {
    if (seen.has(proposal.raw)) return false;
    seen.add(proposal.raw);
    return true;
  });
  const order = config.selectorOrder;
  const predictor = fitSuccessPredictor(
    outcomeObservations(domain, run.store.groupOutcomes(epoch, OUTCOME_SOURCES), epoch, {
      decay: config.selectorDecay,
      order,
    }),
    { alpha: config.alpha, ...DEFAULT_SUCCESS_PREDICTOR },
  );
  const predicted = candidates.map((proposal) => predictSuccess(predictor, keysOf(domain, proposal.spec, order) ?? []));
  const chosen = nearestToAlpha(predicted, count, config.alpha);
  return {
    proposals: chosen.map((index) => ({
      ...candidates[index]!,
      policyVersion: 'selector',
      // Beside what the draw carried (a knob draw's values), what the predictor said of it.
      sample: { ...(candidates[index]!.sample as object | undefined), predictedSuccess: predicted[index]! },
    })),
    rejected: drawn.rejected.map((rejected) => ({ ...rejected, source: 'selector' })),
  };
}
