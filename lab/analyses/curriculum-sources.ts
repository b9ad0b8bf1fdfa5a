/**
 * Where a run's generated task types came from and how well each source aims (issue: what the simulator adds): per
 * source (the simulator's proposals, the frontier sampler's draws, uniform or screened draws), over the epochs after the
 * third, the task types' mean p̂, the share inside the band, the shares never and always solved (wasted rollouts), the
 * share novel (a spec no earlier epoch had), the knob cells covered and the mean difficulty. Pure.
 */

/** One generated task type as stored. */
export interface SourcedTaskType {
  epoch: number;
  source: string;
  /** Canonical spec text (JSON as stored). */
  spec: string;
  /** p̂, in [0, 1]. */
  successRate: number;
  /** Its knob cell (e.g. `3|7`), or null when the domain has none. */
  cell: string | null;
  /** The `difficulty` feature, or null. */
  difficulty: number | null;
}

/** What one source of a run did over the judged epochs. */
export interface SourceFigures {
  source: string;
  taskTypes: number;
  meanSuccess: number;
  /** Share with |p̂ − α| ≤ k_min. */
  inBand: number;
  /** Share with p̂ = 0 (never solved) and p̂ = 1 (always solved): their rollouts carry no GRPO signal. */
  neverSolved: number;
  alwaysSolved: number;
  /** Share whose spec no earlier epoch (of any source) had. */
  novel: number;
  /** Distinct knob cells. */
  cells: number;
  meanDifficulty: number | null;
}

/** Epochs before this one are left out: epoch 0 is the warm start's, and the first epochs are the curriculum's start. */
export const FIRST_JUDGED_EPOCH = 4;

/** Per source, in order of first appearance, the figures of `taskTypes` (any order) over epochs ≥ FIRST_JUDGED_EPOCH. */
export function sourceFigures(
  taskTypes: readonly SourcedTaskType[],
  band: { alpha: number; kMin: number },
): SourceFigures[] {
  const ordered = [...taskTypes].sort((left, right) => left.epoch - right.epoch);
  // Specs of the epochs before the one being read: a spec repeated within its own epoch is still novel.
  const seen = new Set<string>();
  let epoch = -1;
  const novelty = new Map<SourcedTaskType, boolean>();
  let current: Set<string> = new Set();
  for (const taskType of ordered) {
    if (taskType.epoch !== epoch) {
      for (const spec of current) seen.add(spec);
      current = new Set();
      epoch = taskType.epoch;
    }
    novelty.set(taskType, !seen.has(taskType.spec));
    current.add(taskType.spec);
  }
  const bySource = new Map<string, SourcedTaskType[]>();
  for (const taskType of ordered) {
    if (taskType.epoch < FIRST_JUDGED_EPOCH) continue;
    bySource.set(taskType.source, [...(bySource.get(taskType.source) ?? []), taskType]);
  }
  return [...bySource].map(([source, list]) => {
    const share = (predicate: (taskType: SourcedTaskType) => boolean) => list.filter(predicate).length / list.length;
    const difficulties = list.flatMap((taskType) => (taskType.difficulty === null ? [] : [taskType.difficulty]));
    return {
      source,
      taskTypes: list.length,
      meanSuccess: list.reduce((sum, taskType) => sum + taskType.successRate, 0) / list.length,
      inBand: share((taskType) => Math.abs(taskType.successRate - band.alpha) <= band.kMin + 1e-9),
      neverSolved: share((taskType) => taskType.successRate === 0),
      alwaysSolved: share((taskType) => taskType.successRate === 1),
      novel: share((taskType) => novelty.get(taskType) === true),
      cells: new Set(list.flatMap((taskType) => (taskType.cell === null ? [] : [taskType.cell]))).size,
      meanDifficulty: difficulties.length
        ? difficulties.reduce((sum, value) => sum + value, 0) / difficulties.length
        : null,
    };
  });
}
