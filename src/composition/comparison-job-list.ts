import { writeFileAtomic } from '../util/files.ts';
import {
  type ComparisonOptions,
  type PlannedRun,
  planComparison,
  prepareRunFolder,
  runArguments,
  runProgress,
} from './comparison-plan.ts';

/** What `genenv compare --job-list` wrote. */
export interface JobList {
  /** The comparison's folder, which holds the runs' folders. */
  directory: string;
  /** The runs still to go: one line each. */
  pending: number;
  /** The runs of the comparison, finished ones included. */
  total: number;
}

/**
 * `genenv compare --job-list FILE`: instead of running them here, makes the folder of every run not yet finished,
 * with its config, and writes one `genenv run --resume <folder>` command line per such run to FILE, for GNU
 * parallel, a Slurm array or a Kubernetes Indexed Job to run anywhere that sees the folders (docs/scaling.md). Each
 * line may be run again after a kill or a preemption: it continues the run. `--collect` then builds the comparison.
 */
export async function writeJobList(options: ComparisonOptions, file: string): Promise<JobList> {
  const plan = await planComparison(options);
  const pending = plan.runs.filter((run) => runProgress(run).state !== 'finished');
  for (const run of pending) await prepareRunFolder(run);
  writeFileAtomic(file, pending.map((run) => `${jobLine(run)}\n`).join(''));
  return { directory: plan.directory, pending: pending.length, total: plan.runs.length };
}

/** One run's command line, its words quoted for a POSIX shell where they need it. */
export function jobLine(run: PlannedRun): string {
  return ['genenv', 'run', ...runArguments(run)].map(shellWord).join(' ');
}

/**
 * A word as a POSIX shell reads it back: as it is when it holds only characters no shell treats specially, else in
 * single quotes, inside which every character is literal but the quote itself (closed, escaped, reopened).
 */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
