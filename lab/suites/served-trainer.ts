/**
 * `served-trainer`: a preset (`--preset`, default genenv run's) run by `genenv run` and by `genenv serve` +
 * `genenv train --serve` (the built-in agent as an external trainer over the protocol), seeds 1..n: held-out
 * accuracy and the curriculum's course side by side, each a mean over seeds ± its 95% interval, with the paired
 * difference.
 */
import { defaultPreset, GenEnvError, presets } from '../../src/index.ts';
import { type ArmPair, CURRICULUM_METRICS, compareServed, type Estimate } from '../analyses/served-comparison.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { timestampedRunFolder } from '../../src/internal.ts';
import { runServedArms } from '../probes/served-runs.ts';

/** Over the preset as it is, for both arms: the service replays D_train as `genenv run` does. */
export const SERVED_TRAINER_OVERRIDES = {};

/**
 * `--quick`: the same preset cut to about a minute a run on two cores, to see the command work: a third of the
 * warm start, 3 epochs of 16 task types × 4 variations, 50 items per held-out set.
 */
export const QUICK_OVERRIDES = {
  ...SERVED_TRAINER_OVERRIDES,
  epochs: 3,
  tasksPerEpoch: 16,
  variations: 4,
  warmStartVariations: 4,
  heldOutLimit: 50,
};

const METRIC_LABELS = { successRate: 'success', inBandFraction: 'in band', envReward: 'R_env' } as const;

/** `0.512 ± 0.034` (mean ± half its 95% interval), the mean alone for one seed, '–' for none. */
function cell(estimate: Estimate): string {
  if (estimate.mean === null || estimate.interval === null) return '–';
  if (estimate.values.length < 2) return fixed(estimate.mean, 3);
  return `${fixed(estimate.mean, 3)} ± ${fixed((estimate.interval[1] - estimate.interval[0]) / 2, 3)}`;
}

/** `in-process 0.71 ± 0.02, served 0.70 ± 0.03, served − in-process −0.01 [−0.03, 0.01]: within`. */
function pairLine(pair: ArmPair): string {
  const { difference } = pair;
  const interval = difference.interval
    ? ` [${fixed(difference.interval[0], 3)}, ${fixed(difference.interval[1], 3)}]`
    : '';
  const verdict = difference.values.length < 2 ? '' : pair.matches ? ': 0 inside' : ': 0 outside';
  return (
    `in-process ${cell(pair.inProcess)}, served ${cell(pair.served)}, served − in-process ` +
    `${fixed(difference.mean, 3)}${interval}${verdict}`
  );
}

export async function servedTrainerSuite(options: DiagnosticOptions): Promise<string> {
  const seeds = Array.from({ length: options.seeds ?? 3 }, (_, index) => index + 1);
  const directory = options.out ?? timestampedRunFolder('served-trainer');
  const overrides = options.quick ? QUICK_OVERRIDES : SERVED_TRAINER_OVERRIDES;
  const preset = options.preset ?? defaultPreset;
  if (!(preset in presets))
    throw new GenEnvError('usage', `unknown preset ${preset} (one of ${Object.keys(presets).join(', ')})`);
  const runs = await runServedArms({
    preset,
    overrides,
    seeds,
    directory,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const comparison = compareServed(
    runs.map((run) => run.inProcess),
    runs.map((run) => run.served),
  );
  const seconds = runs.map((run) => run.seconds);
  const result = { preset, overrides, directory, seconds, comparison };
  return emit('served-trainer', result, options, () => ({
    title:
      `${preset}${options.quick ? ' (quick)' : ''}, seeds ${seeds.join(', ')}: genenv run (in-process) / ` +
      'genenv serve + genenv train (served), per epoch, mean ± 95% interval over seeds',
    columns: ['epoch', ...CURRICULUM_METRICS.flatMap((metric) => [`${METRIC_LABELS[metric]} in-process`, 'served'])],
    rows: comparison.course.map(({ epoch, metrics }) => [
      String(epoch),
      ...CURRICULUM_METRICS.flatMap((metric) => [cell(metrics[metric].inProcess), cell(metrics[metric].served)]),
    ]),
    notes: [
      ...comparison.heldOut.map(
        (entry) => `held-out ${entry.set} after epoch ${comparison.finalEpoch}: ${pairLine(entry)}`,
      ),
      ...CURRICULUM_METRICS.map(
        (metric) =>
          `${METRIC_LABELS[metric]}, mean of epochs 1..${comparison.finalEpoch}: ${pairLine(comparison.overall[metric])}`,
      ),
      `config: preset ${preset} with ${JSON.stringify(overrides)}; runs and logs in ${directory}`,
      `wall seconds per seed, in-process / served: ${seconds.map((entry) => `${entry.inProcess.toFixed(0)} / ${entry.served.toFixed(0)}`).join(', ')}`,
    ],
  }));
}
