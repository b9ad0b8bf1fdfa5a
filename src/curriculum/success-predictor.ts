/**
 * A success predictor over task types, the value model of prompt selection (PCL, arXiv:2510.01135; GPS,
 * arXiv:2602.01970): logit p = b + Σ_f w_f · x_f, a logistic regression on a task type's features (`x_f`, how often its
 * feature f occurs: n-grams of its compact text and its feature values, `success-predictor-features.ts`), fitted to
 * binomial outcomes (successes of attempts, each observation weighted) by penalised maximum likelihood: a Gaussian
 * prior on b around logit α, so that without evidence every task type predicts α, and a ridge on every w_f. It predicts
 * a task type never attempted from the outcomes of those that share its features, with no rollout spent.
 *
 * Two fits of the same convex objective by Newton's method, held equal by a test: `fitSuccessPredictor`, whose
 * Hessians are summed over each observation's few features (the fast path), and `fitSuccessPredictorReference`, whose
 * Hessians are summed over dense rows. Pure functions.
 */
import { solvePositiveDefinite } from './knob-model.ts';

/** One observed task type: its feature keys (a key may repeat: x_f counts it) and its outcomes. */
export interface SuccessObservation {
  keys: readonly string[];
  /** Successful attempts, in [0, attempts]. */
  successes: number;
  /** Attempts, ≥ 0 (an observation of none carries no evidence). */
  attempts: number;
  /** Weight of the observation in the likelihood, ≥ 0 (e.g. a decay by its age). */
  weight: number;
}

export interface SuccessPredictorOptions {
  /** α: the intercept's prior mean is logit α. In (0, 1). */
  alpha: number;
  /** Prior precision of the intercept around logit α (logit units⁻²), > 0. */
  interceptPrecision: number;
  /** Prior precision of each feature's weight around 0 (the ridge), > 0. */
  ridge: number;
  /** Newton steps, at most, ≥ 1. */
  steps: number;
}

/**
 * The ridge of 10 predicted a uniform run's next epoch best among 0.3, 1, 3 and 10 (log-loss 0.46 nats an attempt,
 * correlation 0.66 with p̂; lab/notebook/practitioner-filters.md).
 */
export const DEFAULT_SUCCESS_PREDICTOR: Omit<SuccessPredictorOptions, 'alpha'> = {
  interceptPrecision: 0.01,
  ridge: 10,
  steps: 50,
};

/** A fitted predictor: the intercept and each feature's weight (features never observed weigh 0). */
export interface SuccessPredictor {
  intercept: number;
  weights: ReadonlyMap<string, number>;
}

const logistic = (logit: number) => 1 / (1 + Math.exp(-logit));
const logit = (probability: number) => Math.log(probability / (1 - probability));
/** log(1 + eᶻ) without overflow. */
const softplus = (value: number) => (value > 0 ? value + Math.log1p(Math.exp(-value)) : Math.log1p(Math.exp(value)));

/** The predictor's success of a task type with feature keys `keys`, in (0, 1). Pure. */
export function predictSuccess(predictor: SuccessPredictor, keys: readonly string[]): number {
  let value = predictor.intercept;
  for (const key of keys) value += predictor.weights.get(key) ?? 0;
  return logistic(value);
}

/**
 * The observations as a sparse design: the features in order of first appearance, and each observation's columns
 * with their counts (column 0 is the intercept, feature j is column j + 1). Observations without attempts or weight
 * are left out.
 */
function designOf(observations: readonly SuccessObservation[]) {
  const columnOf = new Map<string, number>();
  const rows = observations
    .filter((observation) => observation.attempts > 0 && observation.weight > 0)
    .map((observation) => {
      const counts = new Map<number, number>();
      for (const key of observation.keys) {
        let column = columnOf.get(key);
        if (column === undefined) {
          column = columnOf.size + 1;
          columnOf.set(key, column);
        }
        counts.set(column, (counts.get(column) ?? 0) + 1);
      }
      return {
        columns: Int32Array.from(counts.keys()),
        values: Float64Array.from(counts.values()),
        successes: observation.successes,
        attempts: observation.attempts,
        weight: observation.weight,
      };
    });
  return { features: [...columnOf.keys()], width: columnOf.size + 1, rows };
}

type Design = ReturnType<typeof designOf>;
type Row = Design['rows'][number];

/** A row's logit under `parameters`. */
const rowLogit = (row: Row, parameters: Float64Array) => {
  let value = parameters[0]!;
  for (let index = 0; index < row.columns.length; index++)
    value += row.values[index]! * parameters[row.columns[index]!]!;
  return value;
};

/** The prior's precision and mean of each parameter (diagonal): the intercept's, then the ridge for every feature. */
function priorOf(width: number, options: SuccessPredictorOptions) {
  const precision = new Float64Array(width).fill(options.ridge);
  const mean = new Float64Array(width);
  precision[0] = options.interceptPrecision;
  mean[0] = logit(options.alpha);
  return { precision, mean };
}

/** The negative log posterior (up to a constant) of `parameters`. */
function objective(design: Design, parameters: Float64Array, prior: ReturnType<typeof priorOf>): number {
  let total = 0;
  for (let column = 0; column < design.width; column++)
    total += 0.5 * prior.precision[column]! * (parameters[column]! - prior.mean[column]!) ** 2;
  for (const row of design.rows) {
    const value = rowLogit(row, parameters);
    total += row.weight * (row.attempts * softplus(value) - row.successes * value);
  }
  return total;
}

/**
 * Newton's method stops after a step that would lower the objective by less than this (half the Newton decrement
 * gᵀH⁻¹g, in nats of the penalised log-likelihood): the fit is then that close to the optimum, and that step, taken,
 * closer still.
 */
const DECREMENT_TOLERANCE = 1e-12;

/**
 * Newton's method with a step-halving line search on the objective: each step solves H Δ = g (H formed by `hessian`
 * from the per-row curvatures and the prior's precision, solved by Cholesky factorisation) and moves θ ← θ − s·Δ with
 * the largest s in 1, ½, ¼ … that does not raise the objective beyond its rounding. Stops after a step whose half
 * Newton decrement gᵀΔ / 2 is below DECREMENT_TOLERANCE, when no step lowers the objective, or after `steps`.
 */
function newton(
  design: Design,
  options: SuccessPredictorOptions,
  hessian: (curvatures: Float64Array, precision: Float64Array) => Float64Array,
): SuccessPredictor {
  const prior = priorOf(design.width, options);
  const parameters = Float64Array.from(prior.mean);
  let current = objective(design, parameters, prior);
  for (let step = 0; step < options.steps; step++) {
    const gradient = new Float64Array(design.width);
    for (let column = 0; column < design.width; column++)
      gradient[column] = prior.precision[column]! * (parameters[column]! - prior.mean[column]!);
    const curvatures = new Float64Array(design.rows.length);
    design.rows.forEach((row, index) => {
      const probability = logistic(rowLogit(row, parameters));
      const residual = row.weight * (row.attempts * probability - row.successes);
      curvatures[index] = row.weight * row.attempts * probability * (1 - probability);
      gradient[0] = gradient[0]! + residual;
      for (let entry = 0; entry < row.columns.length; entry++)
        gradient[row.columns[entry]!] = gradient[row.columns[entry]!]! + residual * row.values[entry]!;
    });
    const change = solvePositiveDefinite(hessian(curvatures, prior.precision), gradient, design.width);
    const decrement = gradient.reduce((sum, value, column) => sum + value * change[column]!, 0) / 2;
    const rounding = 1e-12 * (1 + Math.abs(current));
    let scale = 1;
    let trial = parameters.map((value, column) => value - change[column]!);
    let value = objective(design, trial, prior);
    while (value > current + rounding && scale > 1e-6) {
      scale /= 2;
      trial = parameters.map((parameter, column) => parameter - scale * change[column]!);
      value = objective(design, trial, prior);
    }
    if (value > current + rounding) break;
    parameters.set(trial);
    current = Math.min(current, value);
    if (decrement < DECREMENT_TOLERANCE) break;
  }
  return {
    intercept: parameters[0]!,
    weights: new Map(design.features.map((feature, index) => [feature, parameters[index + 1]!])),
  };
}

/**
 * The predictor fitted to `observations`: the maximum of the penalised likelihood by Newton's method, each step's
 * Hessian summed over the features each observation has (cost per step: Σ (its features + 1)² over the observations,
 * plus the features cubed / 6 for the factorisation). Pure.
 */
export function fitSuccessPredictor(
  observations: readonly SuccessObservation[],
  options: SuccessPredictorOptions,
): SuccessPredictor {
  const design = designOf(observations);
  const { width } = design;
  return newton(design, options, (curvatures, precision) => {
    const hessian = new Float64Array(width * width);
    for (let column = 0; column < width; column++) hessian[column * width + column] = precision[column]!;
    design.rows.forEach((row, index) => {
      const weight = curvatures[index]!;
      // The intercept's column (coefficient 1) beside the row's own.
      hessian[0] = hessian[0]! + weight;
      for (let entry = 0; entry < row.columns.length; entry++) {
        const column = row.columns[entry]!;
        const coefficient = weight * row.values[entry]!;
        hessian[column] = hessian[column]! + coefficient;
        hessian[column * width] = hessian[column * width]! + coefficient;
        for (let other = 0; other < row.columns.length; other++)
          hessian[column * width + row.columns[other]!] =
            hessian[column * width + row.columns[other]!]! + coefficient * row.values[other]!;
      }
    });
    return hessian;
  });
}

/**
 * The same fit on dense matrices: every observation's full row of features (zeros included) and each step's Hessian
 * summed entry by entry over them (cost per step: observations × features²). The plain reference the fast path is
 * held equal to. Pure.
 */
export function fitSuccessPredictorReference(
  observations: readonly SuccessObservation[],
  options: SuccessPredictorOptions,
): SuccessPredictor {
  const design = designOf(observations);
  const { width } = design;
  const dense = design.rows.map((row) => {
    const values = new Float64Array(width);
    values[0] = 1;
    row.columns.forEach((column, entry) => {
      values[column] = values[column]! + row.values[entry]!;
    });
    return values;
  });
  return newton(design, options, (curvatures, precision) => {
    const hessian = new Float64Array(width * width);
    for (let column = 0; column < width; column++) hessian[column * width + column] = precision[column]!;
    dense.forEach((values, index) => {
      for (let row = 0; row < width; row++)
        for (let column = 0; column < width; column++)
          hessian[row * width + column] =
            hessian[row * width + column]! + curvatures[index]! * values[row]! * values[column]!;
    });
    return hessian;
  });
}
