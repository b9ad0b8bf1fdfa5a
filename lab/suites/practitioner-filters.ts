/**
 * `practitioner-filters --runs label=DIR,…`: forms of the practitioner's curricula (issue 61 item 3) side by side, from
 * finished comparisons (directories `genenv compare` wrote, one world each; a label given to several directories
 * gathers their runs, so one form's runs on two worlds sit together). A form is `label:variant`. Per form: final
 * test-id and test-hard, the share of task types in the band averaged over the epochs after the third, the task types
 * trained on an epoch, the rollouts spent on generated task types (`budget/rolloutsTotal`) and the wall time, each
 * mean [95% interval] over its runs; and every form against the first, paired by (world seed, run seed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError, RunSummarySchema } from '../../src/index.ts';
import type { Estimate } from '../analyses/paired-claim.ts';
import { type FormFigure, type FormRun, formEstimate, pairedForms } from '../analyses/paired-forms.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

/** The epochs whose band share is averaged: those after the third. */
const AFTER = 3;

const FIGURES: readonly FormFigure[] = [
  'heldout/test-id',
  'heldout/test-hard',
  'inBand',
  'taskTypes',
  'rollouts',
  'wallSeconds',
];

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GenEnvError('store', `${path} cannot be read as JSON (${(error as Error).message})`, { cause: error });
  }
}

/** One finished run's figures (its world seed from its config.json, 1 where the config names none). */
function readRun(directory: string): FormRun | null {
  const parsed = RunSummarySchema.safeParse(readJson(join(directory, 'summary.json')));
  if (!parsed.success) throw new GenEnvError('store', `${directory}/summary.json is not a run summary`);
  const summary = parsed.data;
  const last = summary.epochs.at(-1);
  if (!last) return null;
  const config = readJson(join(directory, 'config.json')) as { domain?: { options?: { worldSeed?: number } } };
  const shares = summary.epochs.flatMap((epoch) =>
    epoch.epoch > AFTER && epoch.inBandFraction !== null ? [epoch.inBandFraction] : [],
  );
  return {
    worldSeed: config.domain?.options?.worldSeed ?? 1,
    seed: summary.seed,
    heldOut: { ...last.heldOutAccuracy },
    inBand: shares.length ? shares.reduce((sum, share) => sum + share, 0) / shares.length : Number.NaN,
    rollouts: last.extra['budget/rolloutsTotal'] ?? Number.NaN,
    wallSeconds: summary.wallSeconds,
    taskTypes:
      summary.epochs.slice(1).reduce((sum, epoch) => sum + epoch.successRates.length, 0) /
      Math.max(1, summary.epochs.length - 1),
  };
}

const interval = (value: Estimate, digits = 3) =>
  `${fixed(value.mean, digits)} [${fixed(value.low, digits)}, ${fixed(value.high, digits)}]`;

export async function practitionerFiltersSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length)
    throw new GenEnvError('usage', 'practitioner-filters needs --runs label=DIR[,label=DIR…] (comparison directories)');
  const forms = new Map<string, FormRun[]>();
  for (const entry of options.runs) {
    const labelled = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(entry);
    const directory = labelled ? labelled[2]! : entry;
    for (const [variant, seeds] of comparisonRuns(directory, 'summary.json')) {
      const name = labelled ? `${labelled[1]}:${variant}` : variant;
      const runs = seeds.flatMap((seed) => readRun(seed) ?? []);
      forms.set(name, [...(forms.get(name) ?? []), ...runs]);
    }
  }
  const names = [...forms.keys()];
  const table = names.map((name) => ({
    form: name,
    runs: forms.get(name)!.map(({ worldSeed, seed }) => ({ worldSeed, seed })),
    figures: Object.fromEntries(FIGURES.map((figure) => [figure, formEstimate(forms.get(name)!, figure)])),
  }));
  const reference = names[0]!;
  const paired = names.slice(1).map((name) => ({
    form: name,
    against: reference,
    figures: Object.fromEntries(
      FIGURES.map((figure) => [figure, pairedForms(forms.get(name)!, forms.get(reference)!, figure)]),
    ),
  }));
  return emit('practitioner-filters', { table, paired }, options, () => ({
    title: `Forms of the practitioner's curricula, ${options.runs!.join(', ')} (mean [95% interval] over runs)`,
    columns: [
      'form',
      'runs',
      'test-id',
      'test-hard',
      `in band (epochs > ${AFTER})`,
      'task types an epoch',
      'rollouts',
      'wall s',
    ],
    rows: table.map((row) => [
      row.form,
      String(row.runs.length),
      interval(row.figures['heldout/test-id']!),
      interval(row.figures['heldout/test-hard']!),
      interval(row.figures.inBand!),
      fixed(row.figures.taskTypes!.mean, 1),
      fixed(row.figures.rollouts!.mean, 0),
      fixed(row.figures.wallSeconds!.mean, 0),
    ]),
    notes: paired.map(
      (row) =>
        `${row.form} − ${row.against}, paired by world and seed: ` +
        (['heldout/test-hard', 'heldout/test-id', 'inBand'] as const)
          .map((figure) => {
            const result = row.figures[figure]!;
            return `${figure.replace('heldout/', '')} ${interval(result.difference)} (ahead on ${result.ahead} of ${result.pairs})`;
          })
          .join('; '),
    ),
  }));
}
