import { isAbsolute, join, resolve } from 'node:path';
import { ComparisonSchema, type Comparison } from '../interfaces/summary.ts';
import { readJsonFile } from './read-files.ts';
import { loadRun, type RunData } from './run-data.ts';

/** A comparison directory: comparison.json and, per variant, its runs in the same order as `seeds`. */
export interface ComparisonData {
  directory: string;
  comparison: Comparison;
  runsByVariant: Map<string, RunData[]>;
}

/** Reads comparison.json and every run it names (paths relative to the comparison directory). */
export function loadComparison(directory: string): ComparisonData {
  const absolute = resolve(directory);
  const comparison = readJsonFile(join(absolute, 'comparison.json'), ComparisonSchema);
  const runsByVariant = new Map<string, RunData[]>();
  for (const variant of comparison.variants) {
    const runs = variant.runs.map((run) => loadRun(isAbsolute(run) ? run : join(absolute, run)));
    runsByVariant.set(variant.variant, runs);
  }
  return { directory: absolute, comparison, runsByVariant };
}
