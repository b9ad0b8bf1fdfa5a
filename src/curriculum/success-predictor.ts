/**
 * A success predictor over task types, the value model of prompt selection (PCL, arXiv:2510.01135; GPS,
 * arXiv:2602.01970): logit p = b + Σ_f w_f · x_f, a logistic regression on a task type's features (`x_f`, how often its
 * feature f occurs: n-grams of its compact text and its feature values, `success-predictor-features.ts`), fitted to
 * binomial outcomes (successes of attempts, each observation weighted) by penalised maximum likelihood: a Gaussian
 * prior on b around logit α, so that without evidence every task type predicts α, and a ridge on every w_f. It predicts
 * a task type never attempted from the outcomes of those that share its features, with no rollout spent.
 *
 * Two fits of the same convex objective, held equal by a test: `fitSuccessPredictor`, Newton's method whose steps are
 * solved by conjugate gradients over the sparse features (the fast path), and `fitSuccessPredictorReference`, Newton's
 * method on dense matrices with a Cholesky solve. Pure functions.
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

export const DEFAULT_SUCCESS_PREDICTOR: Omit<SuccessPredictorOptions, 'alpha'> = {
  interceptPrecision: 0.01,
  ridge: 1,
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
 * Newton's method with a step-halving line search on the objective: each step solves H Δ = g by `solve` (given the
 * gradient and the per-row curvatures) and moves θ ← θ − s·Δ with the largest s in 1, ½, ¼ … that lowers the
 * objective. Stops when the largest change is below 1e-10 or after `steps`.
 */
function newton(
  design: Design,
  options: SuccessPredictorOptions,
  solve: (gradient: Float64Array, curvatures: Float64Array, prior: ReturnType<typeof priorOf>) => Float64Array,
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
    const change = solve(gradient, curvatures, prior);
    let scale = 1;
    let trial = parameters.map((value, column) => value - change[column]!);
    let value = objective(design, trial, prior);
    while (value > current && scale > 1e-6) {
      scale /= 2;
      trial = parameters.map((parameter, column) => parameter - scale * change[column]!);
      value = objective(design, trial, prior);
    }
    if (value > current) break;
    let largest = 0;
    for (let column = 0; column < design.width; column++) {
      largest = Math.max(largest, Math.abs(trial[column]! - parameters[column]!));
      parameters[column] = trial[column]!;
    }
    current = value;
    if (largest < 1e-10) break;
  }
  return {
    intercept: parameters[0]!,
    weights: new Map(design.features.map((feature, index) => [feature, parameters[index + 1]!])),
  };
}

/**
 * H v for H = Xᵀ diag(curvatures) X + diag(prior precision), X the sparse design with its intercept column: the
 * Hessian applied without being formed.
 */
function hessianTimes(design: Design, curvatures: Float64Array, precision: Float64Array, vector: Float64Array) {
  const result = vector.map((value, column) => precision[column]! * value);
  design.rows.forEach((row, index) => {
    const weight = curvatures[index]!;
    if (weight === 0) return;
    const projected = weight * rowLogit(row, vector);
    result[0] = result[0]! + projected;
    for (let entry = 0; entry < row.columns.length; entry++)
      result[row.columns[entry]!] = result[row.columns[entry]!]! + projected * row.values[entry]!;
  });
  return result;
}

/** Solves H x = b by conjugate gradients (H symmetric positive definite, applied by `times`), to 1e-12 of ‖b‖. */
function conjugateGradients(times: (vector: Float64Array) => Float64Array, target: Float64Array): Float64Array {
  const dot = (left: Float64Array, right: Float64Array) =>
    left.reduce((sum, value, index) => sum + value * right[index]!, 0);
  const solution = new Float64Array(target.length);
  const residual = Float64Array.from(target);
  const direction = Float64Array.from(target);
  let squared = dot(residual, residual);
  const tolerance = 1e-24 * squared;
  for (let iteration = 0; iteration < 2 * target.length && squared > tolerance; iteration++) {
    const applied = times(direction);
    const step = squared / dot(direction, applied);
    for (let index = 0; index < target.length; index++) {
      solution[index] = solution[index]! + step * direction[index]!;
      residual[index] = residual[index]! - step * applied[index]!;
    }
    const next = dot(residual, residual);
    for (let index = 0; index < target.length; index++)
      direction[index] = residual[index]! + (next / squared) * direction[index]!;
    squared = next;
  }
  return solution;
}

/**
 * The predictor fitted to `observations`: the maximum of the penalised likelihood, by Newton's method with
 * conjugate-gradient steps over the sparse features (the fast path; cost per step about the number of feature
 * occurrences times the conjugate-gradient iterations). Pure.
 */
export function fitSuccessPredictor(
  observations: readonly SuccessObservation[],
  options: SuccessPredictorOptions,
): SuccessPredictor {
  const design = designOf(observations);
  return newton(design, options, (gradient, curvatures, prior) =>
    conjugateGradients((vector) => hessianTimes(design, curvatures, prior.precision, vector), gradient),
  );
}

/**
 * The same fit on dense matrices: the full Hessian formed and solved by Cholesky factorisation (cost per step the
 * features cubed). The plain reference the fast path is held equal to. Pure.
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
  return newton(design, options, (gradient, curvatures, prior) => {
    const hessian = new Float64Array(width * width);
    for (let column = 0; column < width; column++) hessian[column * width + column] = prior.precision[column]!;
    dense.forEach((values, index) => {
      for (let row = 0; row < width; row++)
        for (let column = 0; column < width; column++)
          hessian[row * width + column] =
            hessian[row * width + column]! + curvatures[index]! * values[row]! * values[column]!;
    });
    return solvePositiveDefinite(hessian, gradient, width);
  });
}
