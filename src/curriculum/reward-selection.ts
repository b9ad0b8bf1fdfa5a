import { smallestIndices } from './band-filter.ts';

/**
 * Selection by environment reward: of the task types attempted, the ones whose R_env is highest. It fills the
 * α band by spending rollouts instead of steering the simulator, so a run that uses it measures what training on
 * in-band task types is worth to the agent, whatever the simulator can learn.
 */

/**
 * Indices of the `count` highest rewards (ties: the earlier item first), in item order. Rewards are R_env values
 * in [0, 1]; `count` ≥ 0; all indices when `count` ≥ the number of rewards.
 */
export function highestRewards(rewards: readonly number[], count: number): number[] {
  return smallestIndices(
    rewards.map((reward) => -reward),
    count,
  );
}
