/** AdamW state over one flat parameter vector. `step` counts applied updates (for bias correction). */
export interface AdamState {
  first: Float32Array;
  second: Float32Array;
  step: number;
}

export interface AdamOptions {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  weightDecay: number;
  /** Global gradient-norm clip; ≤ 0 disables it. */
  clipNorm: number;
}

export function createAdamState(size: number): AdamState {
  return { first: new Float32Array(size), second: new Float32Array(size), step: 0 };
}

export function copyAdamState(state: AdamState): AdamState {
  return { first: new Float32Array(state.first), second: new Float32Array(state.second), step: state.step };
}

/** L2 norm of a gradient vector. */
export function gradientNorm(gradients: Float32Array): number {
  let squares = 0;
  for (let index = 0; index < gradients.length; index++) squares += gradients[index]! * gradients[index]!;
  return Math.sqrt(squares);
}

/**
 * One AdamW step in place (decoupled weight decay, bias-corrected moments), after clipping the
 * gradient to `clipNorm`. Returns the gradient norm before clipping.
 */
export function adamStep(
  parameters: Float32Array,
  gradients: Float32Array,
  state: AdamState,
  options: AdamOptions,
): number {
  const norm = gradientNorm(gradients);
  const clipScale = options.clipNorm > 0 && norm > options.clipNorm ? options.clipNorm / norm : 1;
  state.step += 1;
  const correction1 = 1 - options.beta1 ** state.step;
  const correction2 = 1 - options.beta2 ** state.step;
  const { first, second } = state;
  for (let index = 0; index < parameters.length; index++) {
    const gradient = gradients[index]! * clipScale;
    first[index] = options.beta1 * first[index]! + (1 - options.beta1) * gradient;
    second[index] = options.beta2 * second[index]! + (1 - options.beta2) * gradient * gradient;
    const update = first[index]! / correction1 / (Math.sqrt(second[index]! / correction2) + options.epsilon);
    parameters[index] = parameters[index]! - options.learningRate * (update + options.weightDecay * parameters[index]!);
  }
  return norm;
}
