/**
 * `curriculum-sources --runs A[,B,…]`: what each source of a run's generated task types did, from training data only
 * (held-out accuracy is not read): per run and source (the simulator's proposals, the frontier sampler's draws, uniform
 * or screened draws), over the epochs after the third, the mean p̂, the share inside the band α ± k_min, the shares
 * never and always solved, the share novel, the knob cells covered and the mean difficulty. Each entry of --runs is a
 * run directory or a comparison directory.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { createDomain, GenEnvError } from '../../src/index.ts';
import { readStoredRunConfig } from '../stored-run-config.ts';
import { type SourceFigures, type SourcedTaskType, sourceFigures } from '../analyses/curriculum-sources.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

const GENERATED = ['simulator', 'frontier', 'uniform', 'dynamic', 'selector', 'static', 'offline'];

/** The run directories an entry of --runs names: itself, or every run of a comparison. */
function runDirectories(entry: string): string[] {
  if (existsSync(join(entry, 'run.sqlite'))) return [entry];
  return [...comparisonRuns(entry, 'run.sqlite').values()].flat();
}

async function readRun(directory: string): Promise<{ label: string; figures: SourceFigures[] }> {
  const config = readStoredRunConfig(directory);
  const domain = await createDomain(config.domain.name, config.domain.options);
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  let rows: { epoch: number; source: string; spec: string; success_rate: number; features: string | null }[];
  try {
    rows = database
      .prepare(
        `SELECT epoch, source, spec, success_rate, features FROM proposals
         WHERE valid = 1 AND success_rate IS NOT NULL AND source IN (${GENERATED.map(() => '?').join(', ')})`,
      )
      .all(...GENERATED) as typeof rows;
  } finally {
    database.close();
  }
  const taskTypes: SourcedTaskType[] = rows.map((row) => {
    const spec = JSON.parse(row.spec) as unknown;
    const knobs = domain.knobValuesOf?.(spec) ?? null;
    const difficulty =
      row.features === null ? undefined : (JSON.parse(row.features) as Record<string, number>).difficulty;
    return {
      epoch: row.epoch,
      source: row.source,
      spec: row.spec,
      successRate: row.success_rate,
      cell: knobs === null ? null : domain.knobs.map((knob) => String(knobs[knob.name])).join('|'),
      difficulty: difficulty ?? null,
    };
  });
  const label = `${basename(dirname(directory))}/${basename(directory)}`;
  return { label, figures: sourceFigures(taskTypes, { alpha: config.alpha, kMin: config.kMin }) };
}

export async function curriculumSourcesSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length)
    throw new GenEnvError('usage', 'curriculum-sources needs --runs A[,B,…] (run or comparison directories)');
  const runs: { label: string; figures: SourceFigures[] }[] = [];
  for (const entry of options.runs) for (const directory of runDirectories(entry)) runs.push(await readRun(directory));
  if (runs.length === 0) throw new GenEnvError('usage', `no run under ${options.runs.join(', ')}`);
  return emit('curriculum-sources', { runs }, options, () => ({
    title: 'Generated task types by source, epochs after the third (training data only)',
    columns: [
      'run',
      'source',
      'task types',
      'mean p̂',
      'in band',
      'never solved',
      'always solved',
      'novel',
      'cells',
      'difficulty',
    ],
    rows: runs.flatMap(({ label, figures }) =>
      figures.map((figure) => [
        label,
        figure.source,
        String(figure.taskTypes),
        fixed(figure.meanSuccess),
        fixed(figure.inBand),
        fixed(figure.neverSolved),
        fixed(figure.alwaysSolved),
        fixed(figure.novel),
        String(figure.cells),
        fixed(figure.meanDifficulty, 1),
      ]),
    ),
    notes: [
      'in band: |p̂ − α| ≤ k_min of the run; never / always solved: p̂ of 0 or 1, whose rollouts carry no GRPO signal; ' +
        'novel: a spec no earlier epoch held; cells: distinct knob cells.',
    ],
  }));
}
