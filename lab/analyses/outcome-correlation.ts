/**
 * How much a task type's rollouts tell about its success rate, and how many of them can teach. A task type's n
 * variations are each attempted G times; when the agent's outcome on one instance is nearly fixed, the G
 * attempts of an instance repeat one draw, so p̂ rests on fewer independent draws than n·G (Theorem 1's n), and
 * only instances the agent sometimes solves and sometimes fails give GRPO any gradient (Proposition 1).
 */

/** The binary outcomes (1 success, 0 failure) of the G attempts at one instance. */
export type InstanceOutcomes = readonly number[];

/** Share of rollouts whose instance holds both a success and a failure (GRPO's groups with signal), in [0, 1]. */
export function signalShare(instances: readonly InstanceOutcomes[]): number {
  let rollouts = 0;
  let withSignal = 0;
  for (const outcomes of instances) {
    rollouts += outcomes.length;
    const successes = outcomes.filter((outcome) => outcome >= 1).length;
    if (successes > 0 && successes < outcomes.length) withSignal += outcomes.length;
  }
  return rollouts === 0 ? 0 : withSignal / rollouts;
}

/**
 * Share of the outcome variance that lies between instances (the intraclass correlation of outcomes within an
 * instance), in [0, 1]: 1 when every instance is always solved or always failed, 0 when the outcome does not depend
 * on the instance. Computed as 1 − (mean within-instance variance) / (total variance), over all rollouts; null
 * when the outcomes do not vary at all.
 */
export function betweenInstanceShare(instances: readonly InstanceOutcomes[]): number | null {
  const all = instances.flat();
  if (all.length === 0) return null;
  const mean = all.reduce((sum, outcome) => sum + outcome, 0) / all.length;
  const total = all.reduce((sum, outcome) => sum + (outcome - mean) ** 2, 0) / all.length;
  if (total === 0) return null;
  let within = 0;
  for (const outcomes of instances) {
    if (outcomes.length === 0) continue;
    const instanceMean = outcomes.reduce((sum, outcome) => sum + outcome, 0) / outcomes.length;
    within += outcomes.reduce((sum, outcome) => sum + (outcome - instanceMean) ** 2, 0);
  }
  return Math.min(1, Math.max(0, 1 - within / all.length / total));
}

/**
 * Independent draws that n variations × G attempts are worth when outcomes within an instance correlate with
 * `share` (the design effect n·G / (1 + (G − 1)·share)); between n and n·G.
 *
 * @param variations n ≥ 1
 * @param attempts G ≥ 1 per variation
 * @param share between-instance share of the outcome variance, in [0, 1]
 */
export function effectiveAttempts(variations: number, attempts: number, share: number): number {
  if (variations < 1 || attempts < 1) throw new RangeError('variations and attempts must be at least 1');
  const clamped = Math.min(1, Math.max(0, share));
  return (variations * attempts) / (1 + (attempts - 1) * clamped);
}
