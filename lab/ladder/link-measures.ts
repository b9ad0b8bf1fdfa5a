/**
 * Where the ladder's curriculum link breaks, measured on stored rollouts: whether the task types near α carry a
 * learning signal (GRPO groups with both outcomes), how success depends on a factor of the instance that the spec
 * does not set (how many ruled-out values the request mentions before the last value to copy), and how many distinct
 * specs the simulator still writes per epoch. Pure functions over rows read from runs.
 */
import { mean } from '../../src/internal.ts';

/** One GRPO group (the G rollouts of one instance) with the p̂ of its task type (all n·G of its rollouts). */
export interface GroupOutcome {
  taskSuccess: number;
  /** Successes and rollouts of this instance's group. */
  successes: number;
  rollouts: number;
}

export interface SignalShare {
  /** Groups counted. */
  groups: number;
  /** Share of them with at least one success and one failure (NaN for none). */
  mixed: number;
}

/** Share of groups with both outcomes, among groups whose task type's p̂ lies in [low, high]. */
export function mixedShare(groups: readonly GroupOutcome[], low = 0, high = 1): SignalShare {
  const kept = groups.filter((group) => group.taskSuccess >= low && group.taskSuccess <= high);
  const mixed = kept.filter((group) => group.successes > 0 && group.successes < group.rollouts).length;
  return { groups: kept.length, mixed: kept.length ? mixed / kept.length : Number.NaN };
}

/** A ladder request's mentions in order: each an attribute's value, ruled out ("not red") or to copy. */
export interface Mention {
  ruledOut: boolean;
}

/**
 * How many ruled-out values come before the last value the agent must copy: 0 when every value to copy precedes
 * the distractors; null when the request gives no value to copy.
 */
export function distractorsBeforeLastValue(mentions: readonly Mention[]): number | null {
  let last = -1;
  mentions.forEach((mention, index) => {
    if (!mention.ruledOut) last = index;
  });
  if (last < 0) return null;
  return mentions.slice(0, last).filter((mention) => mention.ruledOut).length;
}

/** Success rate per value of a factor: factor → { rollouts, success }, keys ascending. */
export function successByFactor(
  rows: readonly { factor: number; success: boolean }[],
): { factor: number; rollouts: number; success: number }[] {
  const totals = new Map<number, { rollouts: number; successes: number }>();
  for (const row of rows) {
    const total = totals.get(row.factor) ?? { rollouts: 0, successes: 0 };
    total.rollouts += 1;
    total.successes += row.success ? 1 : 0;
    totals.set(row.factor, total);
  }
  return [...totals.entries()]
    .sort(([left], [right]) => left - right)
    .map(([factor, total]) => ({ factor, rollouts: total.rollouts, success: total.successes / total.rollouts }));
}

/** Mean over epochs of distinct specs ÷ proposals (1 = every proposal differs; 1/32 = one spec repeated). */
export function distinctSpecShare(specsByEpoch: ReadonlyMap<number, readonly string[]>): number {
  const shares = [...specsByEpoch.values()]
    .filter((specs) => specs.length > 0)
    .map((specs) => new Set(specs).size / specs.length);
  return mean(shares) ?? Number.NaN;
}
