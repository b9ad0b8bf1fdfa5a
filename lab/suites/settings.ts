/**
 * `settings --runs A[,B]`: settings of one world against its baselines, paired by run seed. Each entry of --runs is a
 * directory laid out as a comparison (<setting>/seed-<n>/, as `genenv compare` writes <variant>/seed-<n>/), one per
 * world; the settings named `genenv` (the preset as it is), `sampler` and `random` are the baselines every other is
 * paired with. Per setting: final test-hard and test-id, the share of task types in the band over the epochs after the
 * third, the lowest share of valid proposals among those the simulator wrote itself, and the run's wall time.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { GenEnvError, RunSummarySchema } from '../../src/index.ts';
import { inBandShare } from '../analyses/paired-claim.ts';
import { type SettingRun, settingFigures } from '../analyses/setting-comparison.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

const BASELINES = ['genenv', 'sampler', 'random'];
/** Policy versions the loop writes on the proposals it builds itself (src/core/update.ts): not the simulator's. */
const LOOP_WRITERS = ['frontier', 'uniform', 'edit', 'seed', 'dataset'];

/** Valid share of the proposals the simulator wrote itself (its contexts' and the cells' it wrote in). */
function simulatorValidShare(directory: string): number {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare(
        `SELECT COUNT(*) AS total, SUM(valid) AS valid FROM proposals WHERE source IN ('simulator', 'frontier')
         AND simulator_version NOT IN (${LOOP_WRITERS.map(() => '?').join(', ')})`,
      )
      .get(...LOOP_WRITERS) as { total: number; valid: number | null };
    return row.total === 0 ? Number.NaN : (row.valid ?? 0) / row.total;
  } finally {
    database.close();
  }
}

function readRun(directory: string): SettingRun | null {
  const summary = RunSummarySchema.parse(JSON.parse(readFileSync(join(directory, 'summary.json'), 'utf8')));
  const config = JSON.parse(readFileSync(join(directory, 'config.json'), 'utf8')) as { epochs: number };
  const last = summary.epochs.at(-1);
  if (!last || summary.completedEpochs < config.epochs) return null;
  return {
    seed: summary.seed,
    testHard: last.heldOutAccuracy['test-hard'] ?? Number.NaN,
    testId: last.heldOutAccuracy['test-id'] ?? Number.NaN,
    inBand: inBandShare(
      {
        seed: summary.seed,
        heldOut: {},
        syntheticSamples: 0,
        epochs: summary.epochs.map((epoch) => ({ ...epoch, difficulty: null })),
      },
      3,
    ),
    validShare: simulatorValidShare(directory),
    wallSeconds: summary.wallSeconds,
  };
}

const interval = (value: { mean: number; low: number; high: number }, digits = 3) =>
  `${fixed(value.mean, digits)} [${fixed(value.low, digits)}, ${fixed(value.high, digits)}]`;

export async function settingsSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length) throw new GenEnvError('usage', 'settings needs --runs A[,B] (directories of settings)');
  const worlds = options.runs.map((directory) => {
    const settings = new Map<string, SettingRun[]>();
    for (const [setting, seeds] of comparisonRuns(directory, 'summary.json')) {
      const runs = seeds.flatMap((seed) => readRun(seed) ?? []);
      if (runs.length) settings.set(setting, runs);
    }
    return { world: basename(directory), figures: settingFigures(settings, BASELINES) };
  });
  return emit('settings', { worlds }, options, () => ({
    title: `Settings against their baselines, paired by run seed (mean [95% interval]): ${options.runs!.join(', ')}`,
    columns: ['world', 'setting', 'seeds', 'test-hard', 'test-id', 'in band', 'valid ≥', 'wall s'],
    rows: worlds.flatMap(({ world, figures }) =>
      figures.map((figure) => [
        world,
        figure.setting,
        String(figure.seeds.length),
        interval(figure.testHard),
        interval(figure.testId),
        interval(figure.inBand),
        fixed(figure.lowestValidShare, 3),
        fixed(figure.wallSeconds.mean, 0),
      ]),
    ),
    notes: worlds.flatMap(({ world, figures }) =>
      figures.flatMap((figure) =>
        figure.against.map(
          (pair) =>
            `${world} ${figure.setting} − ${pair.baseline} (${pair.seeds} seeds): test-hard ${interval(pair.testHard)}; ` +
            `test-id ${interval(pair.testId)}; in band ${interval(pair.inBand)}; wall ${interval(pair.wallSeconds, 0)} s`,
        ),
      ),
    ),
  }));
}
