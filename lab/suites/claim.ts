/**
 * `claim --runs A[,B]`: the paper's claim on finished comparisons (directories `genenv compare` wrote; `label=A` names
 * A's variants `label:variant`, so two commits' runs of one variant sit side by side): per variant
 * the held-out accuracy per set and of the sets' mean with 95% intervals over seeds and the synthetic samples; every
 * pair of variants (genenv first) as a ratio of means and a paired difference per seed with its interval; and the
 * curriculum's course per variant — the mean difficulty of the generated task types over the first and last four
 * epochs, the share of epochs after the third whose success on generated tasks lies in [α − 0.1, α + 0.1], and the
 * calibration per task type: the share of each epoch's task types whose own p̂ is within k_min of α, averaged over
 * the epochs after the third (mean and 95% interval over seeds); and the rollouts each variant took to reach the
 * strongest baseline's final test-hard (`--baselines`, default every variant but genenv), as comparison.json holds
 * them: the paper's "less data", genenv's rollouts as a share of the baseline's.
 */
import { GenEnvError } from '../../src/index.ts';
import { mean } from '../../src/internal.ts';
import {
  calibratedShare,
  climb,
  type Estimate,
  estimate,
  inBandShare,
  pairedComparison,
  type RunFigures,
  rolloutsFigure,
  scoreOf,
} from '../analyses/paired-claim.ts';
import { comparisonFigures } from '../comparison-figures.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { reachLines } from '../reach-lines.ts';

/** The band the course is judged by: α = ½ with k_min = 0.1 (the presets' curriculum). */
const BAND: [number, number] = [0.4, 0.6];
/** Epochs at each end of a run whose mean difficulty shows the climb. */
const WINDOW = 4;

const interval = (value: Estimate, digits = 3) =>
  `${fixed(value.mean, digits)} [${fixed(value.low, digits)}, ${fixed(value.high, digits)}]`;

export async function claimSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length) throw new GenEnvError('usage', 'claim needs --runs A[,B] (comparison directories)');
  const variants = new Map<string, RunFigures[]>();
  for (const entry of options.runs) {
    const labelled = /^([A-Za-z0-9_-]+)=(.+)$/.exec(entry);
    const directory = labelled ? labelled[2]! : entry;
    for (const [name, runs] of comparisonFigures(directory))
      variants.set(labelled ? `${labelled[1]}:${name}` : name, runs);
  }
  const sets = [
    ...new Set([...variants.values()].flatMap((runs) => runs.flatMap((run) => Object.keys(run.heldOut)))),
  ].sort();
  const columns = [...sets, 'mean'];
  const table = [...variants.entries()].map(([name, runs]) => ({
    variant: name,
    seeds: runs.map((run) => run.seed),
    scores: Object.fromEntries(columns.map((set) => [set, estimate(runs.map((run) => scoreOf(run, set)))])),
    syntheticSamples: mean(runs.map((run) => run.syntheticSamples)) ?? 0,
  }));
  // Every pair of variants, genenv first when it is there: the judgement reports the pairs among the baselines too.
  const order = [...variants.keys()].sort((left, right) => Number(right === 'genenv') - Number(left === 'genenv'));
  const paired = order.flatMap((name, index) =>
    order.slice(index + 1).map((against) => ({
      variant: name,
      against,
      bySet: Object.fromEntries(
        columns.map((set) => [set, pairedComparison(variants.get(name)!, variants.get(against)!, set)]),
      ),
    })),
  );
  const course = [...variants.entries()].map(([name, runs]) => ({
    variant: name,
    climb: runs.map((run) => ({ seed: run.seed, ...climb(run, WINDOW) })),
    calibrated: runs.map((run) => ({ seed: run.seed, share: calibratedShare(run, 3, ...BAND) })),
    inBand: estimate(runs.map((run) => inBandShare(run, 3))),
  }));
  const reach = rolloutsFigure(variants, options.baselines);
  return emit('claim', { table, paired, course, rolloutsToReach: reach }, options, () => ({
    title: `The claim on ${options.runs!.join(', ')}: held-out accuracy per variant (mean [95% interval] over seeds)`,
    columns: ['variant', 'seeds', ...columns, 'synthetic samples'],
    rows: table.map((row) => [
      row.variant,
      String(row.seeds.length),
      ...columns.map((set) => interval(row.scores[set]!)),
      String(Math.round(row.syntheticSamples)),
    ]),
    notes: [
      ...paired.map(
        (row) =>
          `${row.variant} / ${row.against}: ` +
          columns
            .map((set) => {
              const result = row.bySet[set]!;
              return `${set} ${fixed(result.ratio, 2)}× (paired ${interval(result.difference)}, ${result.seeds} seeds)`;
            })
            .join('; '),
      ),
      ...course.map(
        (row) =>
          `${row.variant}: mean difficulty, first → last ${WINDOW} epochs: ` +
          row.climb.map((entry) => `${fixed(entry.early, 2)}→${fixed(entry.late, 2)}`).join(', ') +
          `; epochs after the third with success in [${BAND.join(', ')}]: ` +
          row.calibrated.map((entry) => fixed(entry.share, 2)).join(', ') +
          ` (${row.calibrated.filter((entry) => entry.share >= 0.8).length} of ${row.calibrated.length} seeds ≥ 0.8)` +
          `; share of task types in the band (|p̂ − α| ≤ k_min), epochs after the third: ${interval(row.inBand)}`,
      ),
      ...reachLines(reach),
    ],
  }));
}
