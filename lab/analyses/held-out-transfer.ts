/**
 * Where a run's held-out gain comes from, family by family: the greedy accuracy on a held-out set's items of each
 * family before and after the run, beside the rollouts the agent trained on in that family and how many of them
 * carried GRPO signal. If learning transfers across families, a curriculum that concentrates signal on a few of
 * them can still lift the whole set; if gains stay where the signal was, it lifts only those families' share.
 */
import { pearsonCorrelation } from './gradient-signal.ts';
import { type InstanceOutcomes, signalShare } from './outcome-correlation.ts';

/** One held-out item: its family and whether the agent solved it. */
export interface FamilyOutcome {
  family: string;
  success: boolean;
}

/** The training rollouts of one attempted instance: its family and the G binary outcomes (1 success). */
export interface FamilyInstanceOutcomes {
  family: string;
  outcomes: InstanceOutcomes;
}

export interface FamilyTransfer {
  family: string;
  /** Held-out items of the family. */
  items: number;
  /** Accuracy before and after, in [0, 1], and after − before. */
  before: number;
  after: number;
  gain: number;
  /** Training rollouts in the family, and those in instances with both outcomes (GRPO's signal). */
  rollouts: number;
  signalRollouts: number;
}

/**
 * Per family of the held-out items (sorted by name), accuracy before/after and the family's training rollouts.
 * `before` and `after` hold the same items in the same order; families trained on but not held out are left out.
 */
export function familyTransfer(
  before: readonly FamilyOutcome[],
  after: readonly FamilyOutcome[],
  training: readonly FamilyInstanceOutcomes[],
): FamilyTransfer[] {
  if (before.length !== after.length) throw new RangeError('before and after must hold the same items');
  const rows = new Map<string, FamilyTransfer>();
  before.forEach((item, index) => {
    const later = after[index]!;
    if (later.family !== item.family) throw new RangeError(`item ${index} changed family between evaluations`);
    const row = rows.get(item.family) ?? {
      family: item.family,
      items: 0,
      before: 0,
      after: 0,
      gain: 0,
      rollouts: 0,
      signalRollouts: 0,
    };
    row.items += 1;
    row.before += item.success ? 1 : 0;
    row.after += later.success ? 1 : 0;
    rows.set(item.family, row);
  });
  for (const instance of training) {
    const row = rows.get(instance.family);
    if (!row) continue;
    row.rollouts += instance.outcomes.length;
    row.signalRollouts += signalShare([instance.outcomes]) * instance.outcomes.length;
  }
  return [...rows.values()]
    .map((row) => ({ ...row, before: row.before / row.items, after: row.after / row.items }))
    .map((row) => ({ ...row, gain: row.after - row.before }))
    .sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0));
}

/**
 * Across families, the correlation of the held-out gain with the share of the run's signal rollouts the family got
 * (in [−1, 1]; null with fewer than two families or when either is constant). Near 1: gains follow the signal.
 */
export function gainSignalCorrelation(rows: readonly FamilyTransfer[]): number | null {
  const total = rows.reduce((sum, row) => sum + row.signalRollouts, 0);
  if (total === 0) return null;
  return pearsonCorrelation(
    rows.map((row) => row.signalRollouts / total),
    rows.map((row) => row.gain),
  );
}
