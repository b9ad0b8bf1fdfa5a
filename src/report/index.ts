import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GenEnvError, InvalidFileError } from '../interfaces/errors.ts';
import { writeFileAtomic } from '../util/files.ts';
import { loadComparison } from './comparison-data.ts';
import { comparisonReportHtml } from './comparison-report.ts';
import { loadRun } from './run-data.ts';
import { runReportHtml } from './run-report.ts';

export type { RunData } from './run-data.ts';
export type { ComparisonData } from './comparison-data.ts';
export { loadRun } from './run-data.ts';
export { loadComparison } from './comparison-data.ts';

/** What a directory holds: a comparison (comparison.json) or one run (summary.json). */
export function directoryKind(directory: string): 'run' | 'comparison' {
  const absolute = resolve(directory);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory())
    throw new InvalidFileError(`${absolute} is not a directory`);
  if (existsSync(join(absolute, 'comparison.json'))) return 'comparison';
  if (existsSync(join(absolute, 'summary.json'))) return 'run';
  throw new InvalidFileError(`${absolute} holds neither summary.json (a run) nor comparison.json (a comparison)`);
}

/**
 * Builds `report.html` in a run or comparison directory from its stored files only (config.json,
 * summary.json, metrics.jsonl; comparison.json and its runs). The page is self-contained: charts are
 * inline SVG rendered here, no scripts, nothing fetched. Returns the absolute path of the report.
 * Throws InvalidFileError (code `invalid-file`) when a file is missing or malformed.
 */
export async function buildReport(directory: string): Promise<string> {
  return writeReport(directory);
}

/**
 * `buildReport` without the promise, for a caller that must finish the page before it goes on: a run rewrites
 * its report as each epoch commits, between the commit and the next epoch. Written atomically, so a reader
 * never sees half a page.
 */
export function writeReport(directory: string): string {
  const absolute = resolve(directory);
  const generatedAt = new Date().toISOString();
  const html =
    directoryKind(absolute) === 'comparison'
      ? comparisonReportHtml(loadComparison(absolute), generatedAt)
      : runReportHtml(loadRun(absolute), generatedAt);
  const path = join(absolute, 'report.html');
  try {
    writeFileAtomic(path, html);
  } catch (error) {
    throw new GenEnvError('store', `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
  return path;
}
