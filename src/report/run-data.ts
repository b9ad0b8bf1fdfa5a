import { join, resolve } from 'node:path';
import { type RunConfig, StoredRunConfigSchema } from '../interfaces/config.ts';
import { InvalidFileError } from '../interfaces/errors.ts';
import { EpochMetricsSchema, RunSummarySchema, type EpochMetrics, type RunSummary } from '../interfaces/summary.ts';
import { readJsonFile, readJsonLinesFile } from './read-files.ts';

/** Everything the report needs from one run directory (read from its stored files only). */
export interface RunData {
  directory: string;
  config: RunConfig;
  summary: RunSummary;
  /** Per-epoch metrics sorted by epoch; epoch 0 is the evaluation after the warm start. */
  epochs: EpochMetrics[];
}

/**
 * Merges summary.json's epochs with metrics.jsonl's lines: summary entries win, and lines for epochs the
 * summary does not hold yet (a run still going, or cut off before it rewrote its summary) are added.
 * A later line for the same epoch replaces an earlier one (a resumed run re-logs the epoch it redid).
 */
export function mergeEpochs(
  summaryEpochs: readonly EpochMetrics[],
  metricLines: readonly EpochMetrics[],
): EpochMetrics[] {
  const byEpoch = new Map<number, EpochMetrics>();
  for (const line of metricLines) byEpoch.set(line.epoch, line);
  for (const entry of summaryEpochs) byEpoch.set(entry.epoch, entry);
  return [...byEpoch.values()].sort((a, b) => a.epoch - b.epoch);
}

/** Reads and validates config.json, summary.json and metrics.jsonl of a run directory. */
export function loadRun(directory: string): RunData {
  const absolute = resolve(directory);
  const config = readJsonFile(join(absolute, 'config.json'), StoredRunConfigSchema);
  const summary = readJsonFile(join(absolute, 'summary.json'), RunSummarySchema);
  const metricLines = readJsonLinesFile(join(absolute, 'metrics.jsonl'), EpochMetricsSchema);
  if (summary.seed !== config.seed) {
    throw new InvalidFileError(
      `summary.json seed ${summary.seed} does not match config.json seed ${config.seed} in ${absolute}`,
    );
  }
  return { directory: absolute, config, summary, epochs: mergeEpochs(summary.epochs, metricLines) };
}
