/**
 * A success model over the knob cells that shares evidence between them: logit p(cell) = b + Σ_k (θ_k · x_k + w_k[v_k]),
 * where v_k is the cell's value index on knob k and x_k the same index centred on the knob's middle value (knob values
 * are ordered from easiest to hardest, so θ_k is the knob's trend), and w_k are smooth deviations from that trend.
 * Fitted to the cells' decayed outcomes by penalised maximum likelihood: a binomial likelihood; priors b ~ around
 * logit α, θ_k weak, and a random walk on w_k (adjacent values close) with a small ridge. A cell the agent has not been
 * tried on gets the success its knob values predict from the cells that share them, the trend carrying it past the
 * last value tried, instead of α: in a task space too large for every cell to have been tried recently, the sampler
 * no longer spends its draws on cells far beyond the agent's competence because they look in-band for want of
 * evidence. Pure functions.
 */

/** Evidence of one cell: the index of its value on each knob, and its decayed outcomes. */
export interface KnobCellEvidence {
  /** Value index per knob (0-based), one per knob. */
  values: readonly number[];
  /** Decayed successful attempts, ≥ 0. */
  successes: number;
  /** Decayed attempts, ≥ successes. */
  attempts: number;
}

export interface KnobModelOptions {
  /** α: the intercept's prior mean is logit α, so without evidence every cell predicts α. In (0, 1). */
  alpha: number;
  /** Prior precision of the intercept around logit α (logit units⁻²), > 0. */
  interceptPrecision: number;
  /** Prior precision of each knob's trend per value step, > 0. */
  trendPrecision: number;
  /** Prior precision of the difference between adjacent values' deviations, > 0: larger is smoother. */
  smoothness: number;
  /** Prior precision of each deviation around 0, > 0 (keeps the model identifiable). */
  ridge: number;
  /** Newton steps, at most. */
  steps: number;
}

export const DEFAULT_KNOB_MODEL: Omit<KnobModelOptions, 'alpha'> = {
  interceptPrecision: 0.01,
  trendPrecision: 0.01,
  smoothness: 1,
  ridge: 0.1,
  steps: 30,
};

const logistic = (logit: number) => 1 / (1 + Math.exp(-logit));

/** Where each knob's trend and deviations sit among the parameters: [b, θ_1 … θ_K, w_1 …, w_K …]. */
interface Layout {
  width: number;
  /** Column of the first deviation of each knob. */
  deviations: number[];
}

function layoutOf(valueCounts: readonly number[]): Layout {
  const deviations: number[] = [];
  let width = 1 + valueCounts.length;
  for (const count of valueCounts) {
    deviations.push(width);
    width += count;
  }
  return { width, deviations };
}

/** A cell's columns and their coefficients in its logit: the intercept, each trend, each deviation. */
function designOf(layout: Layout, valueCounts: readonly number[], values: readonly number[]): [number, number][] {
  return [
    [0, 1],
    ...values.map((value, knob): [number, number] => [1 + knob, value - (valueCounts[knob]! - 1) / 2]),
    ...values.map((value, knob): [number, number] => [layout.deviations[knob]! + value, 1]),
  ];
}

/** The priors' precision matrix (width × width, row-major) and mean. */
function priorOf(layout: Layout, valueCounts: readonly number[], options: KnobModelOptions) {
  const { width } = layout;
  const precision = new Float64Array(width * width);
  const mean = new Float64Array(width);
  const add = (row: number, column: number, value: number) => {
    precision[row * width + column] = precision[row * width + column]! + value;
  };
  add(0, 0, options.interceptPrecision);
  mean[0] = Math.log(options.alpha / (1 - options.alpha));
  valueCounts.forEach((count, knob) => {
    add(1 + knob, 1 + knob, options.trendPrecision);
    const first = layout.deviations[knob]!;
    for (let value = 0; value < count; value++) add(first + value, first + value, options.ridge);
    // The random walk: smoothness × (w[v] − w[v − 1])² for each pair of adjacent values.
    for (let value = 1; value < count; value++) {
      const [left, right] = [first + value - 1, first + value];
      add(left, left, options.smoothness);
      add(right, right, options.smoothness);
      add(left, right, -options.smoothness);
      add(right, left, -options.smoothness);
    }
  });
  return { precision, mean };
}

/**
 * Solves the symmetric positive-definite system A x = b by Cholesky factorisation (A is width × width, row-major).
 * Returns x in a new array; A and b are left as they are (the factor and the two triangular solves each allocate one
 * array of their own).
 */
export function solvePositiveDefinite(matrix: Float64Array, vector: Float64Array, width: number): Float64Array {
  const lower = new Float64Array(width * width);
  for (let row = 0; row < width; row++) {
    for (let column = 0; column <= row; column++) {
      let sum = matrix[row * width + column]!;
      for (let inner = 0; inner < column; inner++) sum -= lower[row * width + inner]! * lower[column * width + inner]!;
      lower[row * width + column] =
        row === column ? Math.sqrt(Math.max(sum, 1e-300)) : sum / lower[column * width + column]!;
    }
  }
  const forward = new Float64Array(width);
  for (let row = 0; row < width; row++) {
    let sum = vector[row]!;
    for (let inner = 0; inner < row; inner++) sum -= lower[row * width + inner]! * forward[inner]!;
    forward[row] = sum / lower[row * width + row]!;
  }
  const solution = new Float64Array(width);
  for (let row = width - 1; row >= 0; row--) {
    let sum = forward[row]!;
    for (let inner = row + 1; inner < width; inner++) sum -= lower[inner * width + row]! * solution[inner]!;
    solution[row] = sum / lower[row * width + row]!;
  }
  return solution;
}

/**
 * The fitted model's parameters: the intercept, each knob's trend, then each knob's value deviations in knob order
 * (length 1 + K + Σ valueCounts). `valueCounts` is the number of values of each knob.
 */
export function fitKnobModel(
  evidence: readonly KnobCellEvidence[],
  valueCounts: readonly number[],
  options: KnobModelOptions,
): Float64Array {
  const layout = layoutOf(valueCounts);
  const { width } = layout;
  const prior = priorOf(layout, valueCounts, options);
  const parameters = Float64Array.from(prior.mean);
  const cells = evidence
    .filter((cell) => cell.attempts > 0)
    .map((cell) => ({ ...cell, design: designOf(layout, valueCounts, cell.values) }));
  for (let step = 0; step < options.steps; step++) {
    // Newton step on the negative log posterior: H Δ = g, θ ← θ − Δ.
    const gradient = new Float64Array(width);
    const hessian = Float64Array.from(prior.precision);
    for (let row = 0; row < width; row++)
      for (let column = 0; column < width; column++)
        gradient[row] =
          gradient[row]! + prior.precision[row * width + column]! * (parameters[column]! - prior.mean[column]!);
    for (const cell of cells) {
      const logit = cell.design.reduce((sum, [column, coefficient]) => sum + coefficient * parameters[column]!, 0);
      const probability = logistic(logit);
      const residual = cell.attempts * probability - cell.successes;
      const curvature = cell.attempts * probability * (1 - probability);
      for (const [row, rowCoefficient] of cell.design) {
        gradient[row] = gradient[row]! + rowCoefficient * residual;
        for (const [column, columnCoefficient] of cell.design)
          hessian[row * width + column] =
            hessian[row * width + column]! + curvature * rowCoefficient * columnCoefficient;
      }
    }
    const change = solvePositiveDefinite(hessian, gradient, width);
    let largest = 0;
    for (let column = 0; column < width; column++) {
      parameters[column] = parameters[column]! - change[column]!;
      largest = Math.max(largest, Math.abs(change[column]!));
    }
    if (largest < 1e-10) break;
  }
  return parameters;
}

/** The model's success of a cell (its value index per knob), in (0, 1). */
export function knobModelSuccess(
  parameters: Float64Array,
  valueCounts: readonly number[],
  values: readonly number[],
): number {
  const design = designOf(layoutOf(valueCounts), valueCounts, values);
  return logistic(design.reduce((sum, [column, coefficient]) => sum + coefficient * parameters[column]!, 0));
}
