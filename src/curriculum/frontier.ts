/**
 * The frontier sampler: a curriculum over the domain's difficulty knobs that sits beside the simulator. Every knob
 * cell (one value per knob) keeps a decayed count of the agent's recent outcomes on generated task types of that
 * cell; a cell's priority is the α-reward of its posterior success rate, so cells the agent solves about α of the
 * time are drawn most, and cells it has not been seen on look in-band (optimism: they are tried early); the decay
 * returns a cell left alone to that prior, so every cell comes back within reach as the agent's competence moves.
 * Pure functions.
 */
import { type DifficultyScorerName, scoreDifficulty } from './difficulty-scorers.ts';

/** One GRPO group's outcome on a generated task type of a knob cell. */
export interface CellObservation {
  /** The cell's key (`cellKey`). */
  cell: string;
  /** The epoch the attempts were made in, ≥ 0. */
  epoch: number;
  /** Successful attempts in the group, ≤ attempts. */
  successes: number;
  /** Attempts in the group (G), ≥ 1. */
  attempts: number;
}

/** Decayed evidence about one cell. */
export interface CellEvidence {
  /** Decayed successful attempts. */
  successes: number;
  /** Decayed attempts. */
  attempts: number;
}

export interface FrontierOptions {
  /** α: the success rate the sampler aims at, in (0, 1). */
  alpha: number;
  /** β: sharpness of the cell priority exp(−β(p̃ − α)²), > 0. */
  beta: number;
  /**
   * How a cell's posterior success becomes its priority: the α-reward exp(−β(p̃ − α)²) (`alpha-gaussian`), or a
   * broader scorer, e.g. SFL's learnability p̃(1 − p̃), which keeps drawing cells the agent solves most of the time
   * but not always. Absent: the α-reward.
   */
  scorer?: DifficultyScorerName;
  /** Weight an observation keeps per epoch of age, in (0, 1]: 1 never forgets, 0.5 halves every epoch. */
  decay: number;
  /** Pseudo-attempts of the Beta prior centred on α, > 0: how much evidence it takes to move a cell off α. */
  priorStrength: number;
  /** Tilt the draw so that its expected success is α (`calibrateToTarget`). */
  calibrate: boolean;
  /**
   * What the tilt aims at α: the sampler's own draw (`draw`), or the whole epoch of generated task types, the
   * simulator's share included (`epoch`, `epochCalibrationTarget`).
   */
  calibrateScope: 'draw' | 'epoch';
  /** Integral gain of the tilt's target on past epochs' success, in [0, 1] (`calibrationOffset`); 0 = open loop. */
  calibrateGain: number;
}

/** A cell's key: its knob values in knob order, e.g. `constraints=3|distractors=2`. */
export function cellKey(values: Readonly<Record<string, string | number>>, knobNames: readonly string[]): string {
  return knobNames.map((name) => `${name}=${values[name]}`).join('|');
}

/**
 * Each cell's evidence at `epoch`: observations of earlier epochs weighted by decay^(epoch − 1 − their epoch), so
 * the last epoch counts fully. Observations of `epoch` or later are ignored (they are not known yet).
 */
export function cellEvidence(
  observations: readonly CellObservation[],
  epoch: number,
  decay: number,
): Map<string, CellEvidence> {
  const evidence = new Map<string, CellEvidence>();
  for (const observation of observations) {
    if (observation.epoch >= epoch) continue;
    const weight = decay ** (epoch - 1 - observation.epoch);
    const cell = evidence.get(observation.cell) ?? { successes: 0, attempts: 0 };
    cell.successes += weight * observation.successes;
    cell.attempts += weight * observation.attempts;
    evidence.set(observation.cell, cell);
  }
  return evidence;
}

/**
 * The posterior mean success of a cell under a Beta prior of `priorStrength` pseudo-attempts centred on `priorMean`
 * (α unless a model of the cells predicts the cell's success: `knob-model.ts`), in (0, 1); a cell without evidence
 * sits at its prior mean.
 */
export function cellSuccessRate(
  evidence: CellEvidence | undefined,
  options: FrontierOptions,
  priorMean: number = options.alpha,
): number {
  const successes = evidence?.successes ?? 0;
  const attempts = evidence?.attempts ?? 0;
  return (successes + priorMean * options.priorStrength) / (attempts + options.priorStrength);
}

/**
 * The probability of drawing each cell (same order as `cells`), summing to 1: in proportion to exp(−β(p̃ − α)²) of
 * each cell's posterior success p̃ (around `priorMeans`, one per cell, where given); with `calibrate`, then tilted so
 * that a draw's expected success is `target` (`calibrateToTarget`).
 */
export function cellProbabilities(
  cells: readonly string[],
  evidence: ReadonlyMap<string, CellEvidence>,
  options: FrontierOptions,
  target: number = options.alpha,
  priorMeans?: readonly number[],
): number[] {
  if (cells.length === 0) return [];
  const successRates = cells.map((cell, index) => cellSuccessRate(evidence.get(cell), options, priorMeans?.[index]));
  const priorities = successRates.map((rate) =>
    scoreDifficulty(options.scorer ?? 'alpha-gaussian', rate, { alpha: options.alpha, beta: options.beta }),
  );
  const total = priorities.reduce((sum, priority) => sum + priority, 0);
  const mixed = priorities.map((priority) => (total > 0 ? priority / total : 1 / cells.length));
  if (!options.calibrate) return mixed;
  return calibrateToTarget(mixed, successRates, target);
}

/**
 * The success rate the sampler's `drawCount` draws must average so that the whole epoch's generated task types average
 * α: (α·(drawCount + k) − Σ others) / drawCount, where `others` are the expected successes (each in [0, 1]) of the k
 * task types generated beside the draws (the simulator's share). Clamped to [0, 1]; α when there are no draws. Without
 * it, a simulator share that writes tasks too easy lifts the epoch above the band while the draws sit at α.
 */
export function epochCalibrationTarget(alpha: number, others: readonly number[], drawCount: number): number {
  if (drawCount <= 0) return alpha;
  const othersTotal = others.reduce((sum, rate) => sum + rate, 0);
  const target = (alpha * (drawCount + others.length) - othersTotal) / drawCount;
  return Math.min(1, Math.max(0, target));
}

/**
 * The expected success of a draw from `probabilities` over cells whose posterior successes are `successRates`:
 * Σ q·p̃, in [0, 1].
 */
export function expectedSuccess(probabilities: readonly number[], successRates: readonly number[]): number {
  return probabilities.reduce((sum, probability, index) => sum + probability * successRates[index]!, 0);
}

/**
 * Tilts `probabilities` towards easier or harder cells, q′ ∝ q·exp(τ·p̃), with τ in [−`limit`, `limit`] chosen by
 * bisection so that the expected success of a draw is `target` (as near as the limit allows). Without it the α-reward
 * of each cell alone leaves a batch below α when more cells sit just above the agent's competence edge than just
 * below it: the priority is symmetric in p̃, the grid is not. Sums to 1; cells of probability 0 stay at 0.
 */
export function calibrateToTarget(
  probabilities: readonly number[],
  successRates: readonly number[],
  target: number,
  limit = 50,
): number[] {
  const tilted = (tau: number) => {
    const weights = probabilities.map(
      (probability, index) => probability * Math.exp(tau * (successRates[index]! - target)),
    );
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => weight / total);
  };
  // The expected success rises monotonically with τ (its derivative is the variance of p̃ under the tilt).
  let low = -limit;
  let high = limit;
  if (expectedSuccess(tilted(high), successRates) <= target) return tilted(high);
  if (expectedSuccess(tilted(low), successRates) >= target) return tilted(low);
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (expectedSuccess(tilted(middle), successRates) < target) low = middle;
    else high = middle;
  }
  return tilted((low + high) / 2);
}

/**
 * The offset the tilt adds to α at the next epoch: Σ gain·(α − r) over the past epochs' success r on generated task
 * types (oldest first; null for an epoch without any, which adds nothing), clamped to ±`limit` after each step so a
 * run of unreachable targets cannot wind it up. An integral correction: the cells' posterior success predicts a draw's
 * success with a bias (the simulator's specs in a cell are easier than the sampler's, and cells drawn for sitting near
 * α are those whose estimate was lucky), and a constant bias is cancelled once the offset has absorbed it.
 */
export function calibrationOffset(
  realized: readonly (number | null)[],
  alpha: number,
  gain: number,
  limit = 0.25,
): number {
  let offset = 0;
  for (const rate of realized) {
    if (rate === null) continue;
    offset = Math.min(limit, Math.max(-limit, offset + gain * (alpha - rate)));
  }
  return offset;
}

/**
 * `count` cell indices drawn with the given probabilities by systematic sampling (one uniform offset, evenly spaced
 * pointers): a cell of probability q gets ⌊q·count⌋ or ⌈q·count⌉ draws, so a batch follows the distribution closely.
 * `offset` in [0, 1). Returns indices in cell order.
 */
export function drawCells(probabilities: readonly number[], count: number, offset: number): number[] {
  const drawn: number[] = [];
  let cumulative = 0;
  let index = 0;
  for (let draw = 0; draw < count; draw++) {
    const pointer = (draw + offset) / count;
    while (index < probabilities.length - 1 && cumulative + probabilities[index]! <= pointer) {
      cumulative += probabilities[index]!;
      index++;
    }
    drawn.push(index);
  }
  return drawn;
}
