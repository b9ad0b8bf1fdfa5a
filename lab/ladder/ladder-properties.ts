/**
 * The ladder's shape from success per rung: where the agent's competence ends, how far apart adjacent rungs are at its
 * frontier, and whether success falls along a knob. Pure.
 */
import type { RungSuccess } from './rung-profile.ts';

/** Highest rung whose mean success is at least ½ (−1 when none). */
export const competenceEdge = (rungs: readonly RungSuccess[]) =>
  Math.max(-1, ...rungs.filter((rung) => rung.successRate >= 0.5).map((rung) => rung.rung));

/** Largest success gap between adjacent rungs where either lies strictly inside (0.1, 0.9): the frontier. */
export function frontierGap(rungs: readonly RungSuccess[]): number {
  let gap = 0;
  for (let index = 0; index + 1 < rungs.length; index++) {
    const [low, high] = [rungs[index]!.successRate, rungs[index + 1]!.successRate];
    const inside = (rate: number) => rate > 0.1 && rate < 0.9;
    if (inside(low) || inside(high)) gap = Math.max(gap, Math.abs(high - low));
  }
  return gap;
}

/** Whether each value is at most the one before it plus `slack`. */
export const nonIncreasing = (values: readonly number[], slack: number) =>
  values.every((value, index) => index === 0 || value <= values[index - 1]! + slack);
