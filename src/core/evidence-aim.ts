/**
 * Where the evidence of the last epochs should aim: a task type in the band at one epoch is trained on in that epoch
 * and solved more often at the next (on the clauses world, in-band task types proposed again one epoch later averaged
 * p̂ ≈ 0.7: lab/notebook/evidence-simulator.md), so a parent or a history drawn around α describes, by the time the
 * simulator's proposal is attempted, a task type the agent has outgrown. With `evidenceAim: 'ahead'` the parents and
 * the history are drawn around α less that rise, measured from the store: the mean change of p̂ of the specs assessed
 * in two consecutive epochs of the last RISE_WINDOW, among those within RISE_BAND of α at the first.
 */
import type { ProposalRecord, TaskSource } from '../interfaces/index.ts';
import type { RunContext } from './run-context.ts';

/** Epochs of generated task types the rise is measured over. */
export const RISE_WINDOW = 4;
/** Specs further than this from α at the first of two epochs do not count (one solved always cannot rise). */
export const RISE_BAND = 0.25;
/** The lowest aim: α less the rise never goes below it. */
export const LOWEST_AIM = 0.05;

const RISE_SOURCES: readonly TaskSource[] = ['simulator', 'frontier', 'uniform', 'dynamic'];

/**
 * The mean one-epoch change of p̂ over the specs of `records` (valid, assessed) that were assessed in two consecutive
 * epochs, the first time within `band` of `alpha` (a spec's p̂ of an epoch: the mean over its proposals); null when no
 * spec was. Pure.
 */
export function oneEpochRise(records: readonly ProposalRecord[], alpha: number, band = RISE_BAND): number | null {
  const byEpoch = new Map<number, Map<string, number[]>>();
  for (const record of records) {
    if (!record.valid || record.spec === null || record.successRate === null) continue;
    const specs = byEpoch.get(record.epoch) ?? new Map<string, number[]>();
    const key = JSON.stringify(record.spec);
    specs.set(key, [...(specs.get(key) ?? []), record.successRate]);
    byEpoch.set(record.epoch, specs);
  }
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rises: number[] = [];
  for (const [epoch, specs] of byEpoch) {
    const next = byEpoch.get(epoch + 1);
    if (!next) continue;
    for (const [key, rates] of specs) {
      const later = next.get(key);
      const first = mean(rates);
      if (later && Math.abs(first - alpha) <= band) rises.push(mean(later) - first);
    }
  }
  return rises.length === 0 ? null : mean(rises);
}

/**
 * The p̂ an epoch's parents and history are drawn around: α, or with `evidenceAim: 'ahead'` α less the one-epoch rise
 * of the last RISE_WINDOW epochs (never above α, never below LOWEST_AIM; α before any rise is measured).
 */
export function evidenceAim(run: RunContext, epoch: number): number {
  const { alpha, evidenceAim: aim } = run.config;
  if (aim === 'alpha') return alpha;
  const records: ProposalRecord[] = [];
  for (let past = Math.max(0, epoch - RISE_WINDOW); past < epoch; past++)
    for (const source of RISE_SOURCES) records.push(...run.store.proposals(past, source));
  const rise = oneEpochRise(records, alpha);
  return rise === null ? alpha : Math.min(alpha, Math.max(LOWEST_AIM, alpha - rise));
}
