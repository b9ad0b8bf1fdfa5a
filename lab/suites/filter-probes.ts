/**
 * `filter-probes --runs A[,B,…]`: the practitioner's filters replayed on the stored rollouts of finished uniform runs
 * (run directories, or comparison directories whose `uniform` runs are read), before any run of the filters themselves:
 * per screen form of dynamic sampling (`screen-forms.ts`) the share of uniform draws it keeps, how many of the kept sit
 * in the band, and how many task types an epoch would train on; per form of the selector's success predictor
 * (`selector-replay.ts`) how well it predicts each epoch's draws from the epochs before it and the band share of the
 * draws it would choose. Every run's epochs ≥ 1 are read, its outcomes of every source are the predictor's evidence.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createDomain, type Domain, GenEnvError, type RunConfig } from '../../src/index.ts';
import { readStoredRunConfig } from '../stored-run-config.ts';
import { DEFAULT_SUCCESS_PREDICTOR, type GroupOutcome, mean } from '../../src/internal.ts';
import { type ScreenShape, screenFormFigures, type TaskTypeOutcomes } from '../analyses/screen-forms.ts';
import { type PredictorForm, type ReplayedTaskType, replayPredictor } from '../analyses/selector-replay.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

/**
 * The screen forms replayed, at n = 8, G = 4: DAPO's one variation × G, forms spread over variations, and forms that
 * also keep a band around α (R-Zero's filter).
 */
const SCREENS: readonly ScreenShape[] = [
  { variations: 1, samples: 4 },
  { variations: 2, samples: 2 },
  { variations: 4, samples: 1 },
  { variations: 8, samples: 1 },
  { variations: 4, samples: 2 },
  { variations: 8, samples: 2 },
  { variations: 8, samples: 1, band: 0.25 },
  { variations: 8, samples: 1, band: 0.125 },
  { variations: 8, samples: 2, band: 0.2 },
];

/** The predictor forms replayed (none with --quick). */
const PREDICTORS: readonly PredictorForm[] = [
  { order: 2, decay: 1, pool: 4, ridge: 1 },
  { order: 1, decay: 1, pool: 4, ridge: 1 },
  { order: 3, decay: 1, pool: 4, ridge: 1 },
  { order: 2, decay: 1, pool: 4, ridge: 0.3 },
  { order: 2, decay: 1, pool: 4, ridge: 3 },
  { order: 2, decay: 1, pool: 4, ridge: 10 },
  { order: 3, decay: 1, pool: 4, ridge: 10 },
  { order: 2, decay: 0.8, pool: 4, ridge: 1 },
  { order: 2, decay: 1, pool: 2, ridge: 1 },
  { order: 2, decay: 1, pool: 8, ridge: 1 },
];

const SOURCES = ['simulator', 'frontier', 'uniform', 'dynamic', 'selector', 'static', 'offline', 'seed'];

/** The run directories an entry of --runs names: itself, or the uniform runs of a comparison. */
function runDirectories(entry: string): string[] {
  if (existsSync(join(entry, 'run.sqlite'))) return [entry];
  return comparisonRuns(entry, 'run.sqlite').get('uniform') ?? [];
}

interface StoredRun {
  directory: string;
  domain: Domain;
  config: RunConfig;
  /** The uniform draws of epochs ≥ 1, each with every rollout's outcome by variation. */
  outcomes: TaskTypeOutcomes[];
  judged: ReplayedTaskType[];
  evidence: GroupOutcome[];
}

async function readRun(directory: string): Promise<StoredRun> {
  const config = readStoredRunConfig(directory);
  const domain = await createDomain(config.domain.name, config.domain.options);
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const traces = database
      .prepare(
        `SELECT p.id AS id, p.epoch AS epoch, p.spec AS spec, t.instance_id AS instance, t.success AS success
         FROM traces t JOIN proposals p ON p.id = t.proposal_id
         WHERE p.source = 'uniform' AND p.valid = 1 AND p.epoch >= 1 ORDER BY t.id`,
      )
      .all() as { id: string; epoch: number; spec: string; instance: string; success: number }[];
    const byTaskType = new Map<string, { epoch: number; spec: unknown; variations: Map<string, boolean[]> }>();
    for (const trace of traces) {
      let entry = byTaskType.get(trace.id);
      if (!entry) {
        entry = { epoch: trace.epoch, spec: JSON.parse(trace.spec), variations: new Map() };
        byTaskType.set(trace.id, entry);
      }
      const row = entry.variations.get(trace.instance) ?? [];
      row.push(trace.success === 1);
      entry.variations.set(trace.instance, row);
    }
    const entries = [...byTaskType.values()];
    const evidence = database
      .prepare(
        `SELECT p.epoch AS epoch, p.spec AS spec, SUM(t.success) AS successes, COUNT(*) AS attempts
         FROM traces t JOIN proposals p ON p.id = t.proposal_id
         WHERE p.valid = 1 AND p.source IN (${SOURCES.map(() => '?').join(', ')})
         GROUP BY t.proposal_id, t.instance_id ORDER BY MIN(t.id)`,
      )
      .all(...SOURCES) as { epoch: number; spec: string; successes: number; attempts: number }[];
    return {
      directory,
      domain,
      config,
      outcomes: entries.map((entry) => [...entry.variations.values()]),
      judged: entries.map((entry) => {
        const rows = [...entry.variations.values()];
        return {
          epoch: entry.epoch,
          spec: entry.spec,
          successes: rows.reduce((sum, row) => sum + row.filter(Boolean).length, 0),
          attempts: rows.reduce((sum, row) => sum + row.length, 0),
        };
      }),
      evidence: evidence.map((group) => ({ ...group, spec: JSON.parse(group.spec) })),
    };
  } finally {
    database.close();
  }
}

const average = (values: readonly number[]) => mean(values.filter((value) => !Number.isNaN(value))) ?? Number.NaN;

export async function filterProbesSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length)
    throw new GenEnvError('usage', 'filter-probes needs --runs A[,B,…] (uniform run or comparison directories)');
  const runs: StoredRun[] = [];
  for (const entry of options.runs) for (const directory of runDirectories(entry)) runs.push(await readRun(directory));
  if (runs.length === 0) throw new GenEnvError('usage', `no uniform run under ${options.runs.join(', ')}`);
  const screens = SCREENS.map((shape) => {
    const perRun = runs.map((run) => screenFormFigures(run.outcomes, shape, run.config));
    return {
      ...shape,
      kept: average(perRun.map((figures) => figures.kept)),
      keptInBand: average(perRun.map((figures) => figures.keptInBand)),
      mixed: average(perRun.map((figures) => figures.mixed)),
      trainedPerEpoch: average(perRun.map((figures) => figures.trainedPerEpoch)),
      inBandPerEpoch: average(perRun.map((figures) => figures.inBandPerEpoch)),
    };
  });
  // --quick replays the screens alone (the predictor's fits take minutes).
  const predictorForms = options.quick ? [] : PREDICTORS;
  const predictors = predictorForms.map((form) => {
    const perRun = runs.map((run) => replayPredictor(run.domain, run.evidence, run.judged, form, run.config));
    return {
      ...form,
      correlation: average(perRun.map((figures) => figures.correlation)),
      logLoss: average(perRun.map((figures) => figures.logLoss)),
      chosenInBand: average(perRun.map((figures) => figures.chosenInBand)),
      allInBand: average(perRun.map((figures) => figures.allInBand)),
    };
  });
  return emit('filter-probes', { runs: runs.map((run) => run.directory), screens, predictors }, options, () => ({
    title: `Screens and the success predictor replayed on ${runs.length} uniform runs (means over runs)`,
    columns: ['form', 'kept', 'kept in band', 'trained an epoch', 'in band an epoch', 'mixed of all'],
    rows: screens.map((screen) => [
      `screen ${screen.variations} × ${screen.samples}${screen.band === undefined ? '' : `, band ${screen.band}`}`,
      fixed(screen.kept),
      fixed(screen.keptInBand),
      fixed(screen.trainedPerEpoch, 1),
      fixed(screen.inBandPerEpoch, 1),
      fixed(screen.mixed),
    ]),
    notes: predictors.map(
      (form) =>
        `predictor order ${form.order}, ridge ${form.ridge ?? DEFAULT_SUCCESS_PREDICTOR.ridge}, decay ${form.decay}, ` +
        `choosing 1 in ${form.pool}: correlation with p̂ ` +
        `${fixed(form.correlation)}, log-loss ${fixed(form.logLoss)} nats an attempt, chosen in band ` +
        `${fixed(form.chosenInBand)} (all draws ${fixed(form.allInBand)})`,
    ),
  }));
}
