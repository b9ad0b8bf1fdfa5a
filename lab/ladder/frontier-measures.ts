/**
 * Where a curriculum's proposals sit against the agent's competence on the ladder, from stored rollouts: per block of
 * epochs, the share of GRPO groups on test-hard's cells and how many of them hold both outcomes, the mean rung of the
 * groups against the agent's competence edge (the highest rung up to which every rung it was tried on is solved at
 * least half the time), and success by the hidden instance factor within each knob cell. Pure functions.
 */

/** One GRPO group of a generated ladder task type. */
export interface LadderGroup {
  epoch: number;
  constraints: number;
  distractors: number;
  /** Successes and rollouts of the group (one instance's G rollouts). */
  successes: number;
  rollouts: number;
  /** Ruled-out values before the last value to copy, capped at 3 (null when the instance has none to copy). */
  factor: number | null;
}

/** Test-hard's cells: constraints 3–4 × distractors 2–4. */
export const isHardCell = (group: Pick<LadderGroup, 'constraints' | 'distractors'>): boolean =>
  group.constraints >= 3 && group.constraints <= 4 && group.distractors >= 2 && group.distractors <= 4;

/** The ladder's rung of a cell: a constraint costs two distractors, rung 0 = one constraint, no distractor. */
export const rungOfCell = (constraints: number, distractors: number): number => 2 * (constraints - 1) + distractors;

const mixed = (group: LadderGroup) => group.successes > 0 && group.successes < group.rollouts;

export interface BlockMeasures {
  /** First and last epoch of the block. */
  from: number;
  to: number;
  groups: number;
  /** Share of the block's groups on test-hard's cells. */
  hardShare: number;
  /** Share of the groups on test-hard's cells holding both outcomes (NaN without any). */
  hardMixed: number;
  /** Share of all groups holding both outcomes. */
  allMixed: number;
  /** Mean rung of the groups. */
  meanRung: number;
  /** The competence edge: highest rung r such that every rung ≤ r tried (≥ `minimumRollouts`) has success ≥ ½. */
  edge: number | null;
}

/** Per block of `size` epochs (1–size, size+1–2·size, …) the measures above. */
export function blockMeasures(groups: readonly LadderGroup[], size: number, minimumRollouts = 32): BlockMeasures[] {
  const last = groups.reduce((most, group) => Math.max(most, group.epoch), 0);
  const blocks: BlockMeasures[] = [];
  for (let from = 1; from <= last; from += size) {
    const to = Math.min(last, from + size - 1);
    const inBlock = groups.filter((group) => group.epoch >= from && group.epoch <= to);
    if (inBlock.length === 0) continue;
    const hard = inBlock.filter(isHardCell);
    blocks.push({
      from,
      to,
      groups: inBlock.length,
      hardShare: hard.length / inBlock.length,
      hardMixed: hard.length ? hard.filter(mixed).length / hard.length : Number.NaN,
      allMixed: inBlock.filter(mixed).length / inBlock.length,
      meanRung:
        inBlock.reduce((sum, group) => sum + rungOfCell(group.constraints, group.distractors), 0) / inBlock.length,
      edge: competenceEdge(inBlock, minimumRollouts),
    });
  }
  return blocks;
}

/**
 * The highest rung r such that every rung ≤ r with at least `minimumRollouts` rollouts has pooled success ≥ ½ and
 * at least one such rung exists; null when the lowest tried rung is already below ½.
 */
export function competenceEdge(groups: readonly LadderGroup[], minimumRollouts: number): number | null {
  const byRung = new Map<number, { successes: number; rollouts: number }>();
  for (const group of groups) {
    const rung = rungOfCell(group.constraints, group.distractors);
    const total = byRung.get(rung) ?? { successes: 0, rollouts: 0 };
    total.successes += group.successes;
    total.rollouts += group.rollouts;
    byRung.set(rung, total);
  }
  let edge: number | null = null;
  for (const [rung, total] of [...byRung.entries()].sort(([left], [right]) => left - right)) {
    if (total.rollouts < minimumRollouts) continue;
    if (total.successes / total.rollouts < 0.5) break;
    edge = rung;
  }
  return edge;
}

export interface CellFactorSuccess {
  constraints: number;
  distractors: number;
  factor: number;
  rollouts: number;
  success: number;
  /** Share of this factor's groups holding both outcomes. */
  mixed: number;
}

/** Success and mixed groups by the hidden factor within each knob cell the groups visit, cells in rung order. */
export function factorWithinCells(groups: readonly LadderGroup[]): CellFactorSuccess[] {
  const totals = new Map<string, CellFactorSuccess & { groups: number; mixedGroups: number; successes: number }>();
  for (const group of groups) {
    if (group.factor === null) continue;
    const key = `${group.constraints}|${group.distractors}|${group.factor}`;
    const total = totals.get(key) ?? {
      constraints: group.constraints,
      distractors: group.distractors,
      factor: group.factor,
      rollouts: 0,
      success: 0,
      mixed: 0,
      groups: 0,
      mixedGroups: 0,
      successes: 0,
    };
    total.rollouts += group.rollouts;
    total.successes += group.successes;
    total.groups += 1;
    total.mixedGroups += mixed(group) ? 1 : 0;
    totals.set(key, total);
  }
  return [...totals.values()]
    .map((total) => ({
      constraints: total.constraints,
      distractors: total.distractors,
      factor: total.factor,
      rollouts: total.rollouts,
      success: total.successes / total.rollouts,
      mixed: total.mixedGroups / total.groups,
    }))
    .sort(
      (left, right) =>
        left.constraints - right.constraints || left.distractors - right.distractors || left.factor - right.factor,
    );
}
