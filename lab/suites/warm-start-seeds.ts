/**
 * `warm-start-seeds`: the agent's warm start of a preset (the default's unless --preset) on seeds 1..n of one world,
 * each seed's validation accuracy, steps and last loss, and how far each lies from the median; with --held-out, the
 * held-out accuracy after the warm start too (epoch 0's figures, read after the validation figures, never tuned on).
 */
import { defaultPreset as DEFAULT_PRESET } from '../../src/index.ts';
import { seedSpread } from '../analyses/seed-spread.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { runWarmStartSeeds } from '../probes/warm-start-seeds.ts';

/** A warm start that works on every seed keeps each seed's validation accuracy within this of the median. */
export const SPREAD_TOLERANCE = 0.1;

export async function warmStartSeedsSuite(options: DiagnosticOptions): Promise<string> {
  const preset = options.preset ?? DEFAULT_PRESET;
  const seeds = Array.from({ length: options.seeds ?? 20 }, (_, index) => index + 1);
  const rows = await runWarmStartSeeds({
    preset,
    seeds,
    heldOut: options.heldOut ?? false,
    ...(options.config === undefined ? {} : { configFile: options.config }),
    ...(options.worldSeed === undefined ? {} : { worldSeed: options.worldSeed }),
  });
  const validation = rows.map((row) => row.validationAccuracy ?? Number.NaN);
  const spread = seedSpread(validation, SPREAD_TOLERANCE);
  const heldOutNames = [...new Set(rows.flatMap((row) => Object.keys(row.heldOut ?? {})))];
  const settings = { preset, config: options.config ?? null, worldSeed: options.worldSeed ?? null };
  return emit('warm-start-seeds', { ...settings, rows, spread }, options, () => ({
    title:
      `${preset}${options.config === undefined ? '' : ` with ${options.config}`}: the agent's warm start per seed` +
      (options.worldSeed === undefined ? '' : `, world seed ${options.worldSeed}`),
    columns: ['seed', 'steps kept', 'steps taken', 'last loss', 'validation', ...heldOutNames],
    rows: rows.map((row) => [
      String(row.seed),
      String(row.steps),
      String(row.stepsTaken),
      fixed(row.lastLoss, 4),
      fixed(row.validationAccuracy),
      ...heldOutNames.map((name) => fixed(row.heldOut?.[name])),
    ]),
    notes: [
      `validation accuracy (${rows[0]?.validationInstances ?? 0} instances a seed): median ${fixed(spread.median)}, ` +
        `min ${fixed(spread.min)}, max ${fixed(spread.max)}; seeds more than ${SPREAD_TOLERANCE} from the median: ` +
        `${spread.outside.length ? spread.outside.map((index) => rows[index]!.seed).join(', ') : 'none'}`,
    ],
  }));
}
