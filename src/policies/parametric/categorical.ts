/**
 * Pure maths of a factorised categorical distribution: one logit vector per knob (shape [knobs][values]).
 * Used by the parametric simulator's reward-weighted regression.
 */
export type Logits = number[][];

/** Softmax of one logit vector at a temperature > 0. */
export function softmax(logits: readonly number[], temperature = 1): number[] {
  const scaled = logits.map((logit) => logit / temperature);
  const largest = Math.max(...scaled);
  const exponentials = scaled.map((value) => Math.exp(value - largest));
  const total = exponentials.reduce((sum, value) => sum + value, 0);
  return exponentials.map((value) => value / total);
}

/** KL(p ‖ q) in nats for two distributions over the same support; terms with p = 0 contribute 0. */
export function klDivergence(p: readonly number[], q: readonly number[]): number {
  let total = 0;
  for (let index = 0; index < p.length; index++) {
    if (p[index]! > 0) total += p[index]! * (Math.log(p[index]!) - Math.log(q[index]!));
  }
  return Math.max(0, total);
}

/** KL of the factorised distributions: the sum over knobs. */
export function factorisedKl(p: Logits, q: Logits): number {
  return p.reduce((sum, logits, knob) => sum + klDivergence(softmax(logits), softmax(q[knob]!)), 0);
}

/** Entropy in nats of the factorised distribution. */
export function factorisedEntropy(logits: Logits): number {
  return logits.reduce(
    (sum, vector) => sum - softmax(vector).reduce((inner, p) => inner + (p > 0 ? p * Math.log(p) : 0), 0),
    0,
  );
}

/**
 * Weighted empirical distribution per knob: Σ w·onehot(index) / Σ w. `samples` is [records][knobs]
 * of value indices; weights ≥ 0 with a positive sum. Shape [knobs][values].
 */
export function weightedHistogram(
  samples: readonly (readonly number[])[],
  weights: readonly number[],
  sizes: readonly number[],
): number[][] {
  const histogram = sizes.map((size) => new Array<number>(size).fill(0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  samples.forEach((indices, record) => {
    indices.forEach((value, knob) => {
      histogram[knob]![value]! += weights[record]! / total;
    });
  });
  return histogram;
}

export interface RwrStepSettings {
  /** Gradient-ascent step size on the logits (> 0). */
  learningRate: number;
  /** Gradient steps per update (≥ 1). */
  steps: number;
  /** Coefficient of the KL(π ‖ π_initial) penalty (≥ 0). */
  klCoefficient: number;
  /** Largest KL(π_new ‖ π_old) allowed for one update, in nats (> 0). */
  klCap: number;
  /** Coefficient of an entropy bonus η·H(π) that keeps the simulator exploring (≥ 0). */
  entropyBonus: number;
}

export interface RwrStepResult {
  logits: Logits;
  /** KL(π_new ‖ π_old) of the applied update. */
  klFromPrevious: number;
  /** Share of the unconstrained step that was applied, in [0, 1] (1 = not capped). */
  stepScale: number;
}

/**
 * One RWR update: maximise Σ w·log π(x) / Σ w − c·KL(π ‖ π₀) + η·H(π) by gradient ascent on the logits
 * (per knob, ∇ = q̄ − π − c·π⊙(log π − log π₀ − KL) − η·π⊙(log π + H)), then shrink the step along the
 * line from the old logits until KL(π_new ‖ π_old) ≤ cap (bisection). Pure.
 */
export function rwrStep(
  current: Logits,
  initial: Logits,
  target: number[][],
  settings: RwrStepSettings,
): RwrStepResult {
  let logits = current.map((vector) => vector.slice());
  for (let step = 0; step < settings.steps; step++) {
    logits = logits.map((vector, knob) => {
      const policy = softmax(vector);
      const reference = softmax(initial[knob]!);
      const kl = klDivergence(policy, reference);
      const entropy = -policy.reduce((sum, p) => sum + (p > 0 ? p * Math.log(p) : 0), 0);
      return vector.map((logit, value) => {
        const p = policy[value]!;
        const likelihoodGradient = target[knob]![value]! - p;
        const klGradient = p > 0 ? p * (Math.log(p) - Math.log(reference[value]!) - kl) : 0;
        const entropyGradient = p > 0 ? -p * (Math.log(p) + entropy) : 0;
        return (
          logit +
          settings.learningRate *
            (likelihoodGradient - settings.klCoefficient * klGradient + settings.entropyBonus * entropyGradient)
        );
      });
    });
  }
  const interpolate = (scale: number): Logits =>
    current.map((vector, knob) => vector.map((logit, value) => logit + scale * (logits[knob]![value]! - logit)));
  let klFromPrevious = factorisedKl(logits, current);
  if (klFromPrevious <= settings.klCap) return { logits, klFromPrevious, stepScale: 1 };
  let low = 0;
  let high = 1;
  for (let iteration = 0; iteration < 40; iteration++) {
    const middle = (low + high) / 2;
    if (factorisedKl(interpolate(middle), current) <= settings.klCap) low = middle;
    else high = middle;
  }
  const capped = interpolate(low);
  klFromPrevious = factorisedKl(capped, current);
  return { logits: capped, klFromPrevious, stepScale: low };
}
