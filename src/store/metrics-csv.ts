import type { EpochMetrics, FlatMetricName } from '../interfaces/index.ts';

/**
 * One epoch as flat scalars: slash-separated name → value, the names of the vocabulary (`interfaces/metrics.ts`,
 * docs/metrics.md).
 */
export type FlatMetrics = Record<string, number>;

/** `flat` with a `put` that writes a vocabulary name, leaving out a null or non-finite value (missing, not zero). */
export function flatMetricsWriter(): {
  flat: FlatMetrics;
  put: (name: FlatMetricName, value: number | null | undefined) => void;
} {
  const flat: FlatMetrics = {};
  const put = (name: FlatMetricName, value: number | null | undefined) => {
    if (value !== null && value !== undefined && Number.isFinite(value)) flat[name] = value;
  };
  return { flat, put };
}

/** How long an epoch took, from run.sqlite: its own wall time and the run's total up to and including it. */
export interface EpochTiming {
  /** Wall-clock seconds of the epoch (generate to committed checkpoint). */
  epochSeconds: number;
  /** Wall-clock seconds of every committed epoch up to this one; it survives resumes (time between is not counted). */
  elapsedSeconds: number;
}

/**
 * Flattens one epoch of metrics.jsonl into slash-separated scalars: the fixed fields under `agent/`,
 * `curriculum/`, `heldout/<set>`, `complexity/<feature>`, `curriculum/level-<n>` and `data/`, the players'
 * and pools' `extra` names (`agent/loss`, `simulator/entropy`, `pool/train`, …) and, when given,
 * `time/epochSeconds` and `time/elapsedSeconds`. Null and non-finite values are left out (a missing value,
 * not a zero). The per-task-type `successRates` list is not a scalar and stays in metrics.jsonl only.
 * A fixed name wins over an `extra` name that spells the same. Pure.
 */
export function flattenEpochMetrics(metrics: EpochMetrics, timing?: EpochTiming): FlatMetrics {
  const { flat, put } = flatMetricsWriter();
  // Typed as the vocabulary's; a stored file may hold a name of another version, which is written as stored.
  for (const [name, value] of Object.entries(metrics.extra)) put(name as FlatMetricName, value);
  put('epoch', metrics.epoch);
  put('agent/successRate', metrics.successRate);
  put('agent/reward', metrics.agentReward);
  put('agent/responseLength', metrics.responseLength);
  put('curriculum/inBandFraction', metrics.inBandFraction);
  put('curriculum/envReward', metrics.envReward);
  put('curriculum/solvedFraction', metrics.solvedFraction);
  put('curriculum/unsolvedFraction', metrics.unsolvedFraction);
  // Task types with both a success and a failure among their rollouts: the ones whose group carries a GRPO signal.
  if (metrics.solvedFraction !== null && metrics.unsolvedFraction !== null)
    put('curriculum/mixedFraction', 1 - metrics.solvedFraction - metrics.unsolvedFraction);
  put('curriculum/invalidProposals', metrics.invalidProposals);
  put('curriculum/taskTypes', metrics.successRates.length);
  for (const [level, count] of Object.entries(metrics.difficultyCounts ?? {})) put(`curriculum/level-${level}`, count);
  for (const [feature, value] of Object.entries(metrics.taskComplexity)) put(`complexity/${feature}`, value);
  for (const [set, value] of Object.entries(metrics.heldOutAccuracy)) put(`heldout/${set}`, value);
  put('data/syntheticSamples', metrics.syntheticSamples);
  if (timing) {
    put('time/epochSeconds', timing.epochSeconds);
    put('time/elapsedSeconds', timing.elapsedSeconds);
  }
  return flat;
}

/**
 * The columns of a metrics table: `epoch` first, then the union of every row's names sorted (so the
 * namespaces group together and the order does not depend on which epoch first logged a name). Pure.
 */
export function metricColumns(rows: readonly FlatMetrics[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) if (name !== 'epoch') names.add(name);
  return ['epoch', ...[...names].sort()];
}

/** A CSV field: quoted (RFC 4180) only when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * metrics.csv: a header of `metricColumns(rows)` and one line per row, a name a row lacks left empty (NaN in
 * pandas). Numbers are written as JavaScript prints them (shortest round-trip form). Empty string for no rows. Pure.
 */
export function metricsCsv(rows: readonly FlatMetrics[]): string {
  if (rows.length === 0) return '';
  const columns = metricColumns(rows);
  const lines = [
    columns.map(csvField).join(','),
    ...rows.map((row) => columns.map((name) => (name in row ? String(row[name]) : '')).join(',')),
  ];
  return `${lines.join('\n')}\n`;
}
