/**
 * Advantage estimators for groups of rollouts of one prompt (GRPO family), as a typed table of pure
 * functions. Each entry has a fast version over one flat array (groups laid end to end) and a plain
 * reference version over nested arrays; tests hold them equal.
 */

export type AdvantageName = 'grpo' | 'dr-grpo' | 'rloo';

/** Rewards of all groups laid end to end ([Σ sizes]) with the size of each group. */
export interface FlatGroups {
  rewards: Float64Array;
  sizes: number[];
}

export interface AdvantageEstimator {
  description: string;
  /** Fast: one pass per group over the flat array; returns advantages [Σ sizes]. */
  compute(groups: FlatGroups, epsilon: number): Float64Array;
  /** Plain reference on nested arrays. */
  reference(groups: number[][], epsilon: number): number[][];
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The loop the fast estimators share: for each group (rewards[start, start + size)), `fill` writes its
 * advantages into `out` given the group's reward sum. Returns `out` [Σ sizes], zero where not written.
 */
function perGroup(
  { rewards, sizes }: FlatGroups,
  fill: (out: Float64Array, start: number, size: number, sum: number) => void,
): Float64Array {
  const out = new Float64Array(rewards.length);
  let start = 0;
  for (const size of sizes) {
    let sum = 0;
    for (let index = start; index < start + size; index++) sum += rewards[index]!;
    fill(out, start, size, sum);
    start += size;
  }
  return out;
}

export const advantageEstimators: Record<AdvantageName, AdvantageEstimator> = {
  grpo: {
    description: '(r − mean) / (std + ε) within the group (population std); all-equal or single groups give 0',
    compute(groups, epsilon) {
      const { rewards } = groups;
      return perGroup(groups, (out, start, size, sum) => {
        const center = sum / size;
        let squares = 0;
        for (let index = start; index < start + size; index++) squares += (rewards[index]! - center) ** 2;
        const spread = Math.sqrt(squares / size);
        if (spread > 1e-12)
          for (let index = start; index < start + size; index++)
            out[index] = (rewards[index]! - center) / (spread + epsilon);
      });
    },
    reference(groups, epsilon) {
      return groups.map((group) => {
        const center = mean(group);
        const spread = Math.sqrt(mean(group.map((reward) => (reward - center) ** 2)));
        return group.map((reward) => (spread > 1e-12 ? (reward - center) / (spread + epsilon) : 0));
      });
    },
  },
  'dr-grpo': {
    description: 'r − mean within the group (no std division, Dr. GRPO)',
    compute(groups) {
      const { rewards } = groups;
      return perGroup(groups, (out, start, size, sum) => {
        for (let index = start; index < start + size; index++) out[index] = rewards[index]! - sum / size;
      });
    },
    reference(groups) {
      return groups.map((group) => group.map((reward) => reward - mean(group)));
    },
  },
  rloo: {
    description: 'r − mean of the other rewards of the group (leave-one-out); a group of one gives 0',
    compute(groups) {
      const { rewards } = groups;
      return perGroup(groups, (out, start, size, sum) => {
        if (size > 1)
          for (let index = start; index < start + size; index++)
            out[index] = rewards[index]! - (sum - rewards[index]!) / (size - 1);
      });
    },
    reference(groups) {
      return groups.map((group) =>
        group.map((reward, index) => {
          if (group.length < 2) return 0;
          const others = group.filter((_, other) => other !== index);
          return reward - mean(others);
        }),
      );
    },
  },
};

/** Flattens nested groups for the fast estimators. */
export function flattenGroups(groups: readonly (readonly number[])[]): FlatGroups {
  return { rewards: Float64Array.from(groups.flat()), sizes: groups.map((group) => group.length) };
}
