import { isDeepStrictEqual } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeZodError,
  GenEnvError,
  RunSummarySchema,
  StoredRunConfigSchema,
  VariantSchema,
  withoutRetiredOptions,
  type RunConfig,
  type RunConfigInput,
  type RunSummary,
} from '../interfaces/index.ts';
import { refuseWhatNeedsKnobs } from '../core/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';
import { resolveRunConfig } from './config-resolution.ts';
import type { CoevolutionConfig, ExtraNames, NoExtraNames } from './config-input.ts';
import type { PlayerRegistry } from './registry.ts';

/** A comparison of variants: every variant on every seed with one config, each run in a folder of its own. */
export interface ComparisonOptions<Extra extends ExtraNames = NoExtraNames> extends PlayerRegistry {
  /** The preset every run starts from (the config's `preset`, else the default one). */
  preset?: string;
  /** A JSON config file over the preset (the command line's `--config`). */
  configFile?: string;
  /** Run-config fields over the preset and the file, as `runCoevolution` takes them. */
  config?: CoevolutionConfig<Extra>;
  /** The variants (`genenv`, `random`, …, `static-<k>x`), each on every seed. */
  variants: readonly string[];
  /** The seeds each variant runs with. */
  seeds: readonly number[];
  /**
   * The variants whose strongest final test-hard is the target of comparison.json's `rolloutsToReach` (default: every
   * variant but `genenv`); each must be one of `variants`.
   */
  baselines?: readonly string[];
  /** The domain's world seed every run uses (`domain.options.worldSeed`); the preset's when absent. */
  worldSeed?: number;
  /** The domain's width every run uses (`domain.options.width`); the preset's when absent. */
  width?: number;
  /** The comparison's folder (default `runs/compare-<preset>-<timestamp>`); the same folder continues it. */
  out?: string;
  /**
   * Runs at once: child processes for built-in worlds and players (default: the CPU cores); with worlds or players
   * of the caller's own, which only this process knows, the runs go in this process (default 1 at a time).
   */
  parallel?: number;
  /** No progress line per finished run on standard error (default true; the command line sets it from --quiet). */
  quiet?: boolean;
  /** Aborted to stop: no further run starts, running ones get the signal and stop after their epoch. */
  signal?: AbortSignal;
}

/** A variant name as given: `static-2x` is the static variant with twice genenv's synthetic tasks. */
export interface VariantPlan {
  name: string;
  variant: RunConfig['variant'];
  staticMultiplier?: number;
}

/** Parses variant names; unknown names are a usage error. */
export function planVariants(names: readonly string[]): VariantPlan[] {
  if (names.length === 0) throw new GenEnvError('usage', 'a comparison needs at least one variant');
  return names.map((name) => {
    const multiple = /^static-(\d+(?:\.\d+)?)x$/.exec(name);
    if (multiple) return { name, variant: 'static', staticMultiplier: Number(multiple[1]) };
    const parsed = VariantSchema.safeParse(name);
    if (!parsed.success)
      throw new GenEnvError(
        'usage',
        `unknown variant "${name}" (known: ${[...VariantSchema.options, 'static-<k>x'].join(', ')})`,
      );
    return { name, variant: parsed.data };
  });
}

/** One variant × seed of a comparison. */
export interface PlannedRun {
  variant: VariantPlan;
  seed: number;
  /** `<comparison>/<variant>/seed-<n>`. */
  folder: string;
  /** The config the run is made with: the base config with the variant's settings and the seed. */
  config: RunConfig;
}

/** A comparison resolved: its folder, the base config every run shares, and its runs, variant by variant. */
export interface ComparisonPlan {
  directory: string;
  base: RunConfig;
  variants: VariantPlan[];
  seeds: number[];
  runs: PlannedRun[];
}

const BASE_FILE = 'base-config.json';

/**
 * Resolves a comparison: the base config (preset ← config file ← flags), checked by its domain before any folder
 * exists, and every run's folder and config. The folder's `base-config.json` records the base: written when missing
 * (unless `collecting`, which needs one), and a comparison folder holding another is refused.
 */
export async function planComparison(options: ComparisonOptions, collecting = false): Promise<ComparisonPlan> {
  if (options.seeds.length === 0) throw new GenEnvError('usage', 'a comparison needs at least one seed');
  const variants = planVariants(options.variants);
  const config: { preset?: string; offline?: unknown } = options.config ?? {};
  const base = resolveRunConfig({
    preset: options.preset ?? config.preset,
    configFile: options.configFile,
    overrides: config,
    worldSeed: options.worldSeed,
    width: options.width,
  });
  // The domain checks its options (a world seed it has no use for, say) here, before any folder or run exists, and
  // so does every variant that needs the domain's knobs.
  const { checkRegistry, createDomain } = await import('./registry.ts');
  checkRegistry(options);
  const domain = await createDomain(base.domain.name, base.domain.options, options.domains);
  for (const variant of variants) refuseWhatNeedsKnobs({ ...base, variant: variant.variant }, domain);
  const directory = options.out ?? timestampedRunFolder(`compare-${base.preset}`);
  const baseFile = join(directory, BASE_FILE);
  const baseText = `${JSON.stringify({ ...base, seed: 1, variant: 'genenv' }, null, 2)}\n`;
  if (existsSync(baseFile)) {
    if (!sameConfig(readFileSync(baseFile, 'utf8'), baseText))
      throw new GenEnvError(
        'usage',
        `${directory} holds a comparison with another config; give this one another folder`,
      );
  } else if (collecting) {
    throw new GenEnvError('usage', `${directory} holds no comparison (no ${BASE_FILE}); its job list writes one`);
  }
  if (!collecting) writeFileAtomic(baseFile, baseText);
  const seeds = [...options.seeds];
  const runs = variants.flatMap((variant) =>
    seeds.map((seed) => ({
      variant,
      seed,
      folder: join(directory, variant.name, `seed-${seed}`),
      // As `genenv run --config base-config.json --variant … --seed …` resolves it.
      config: resolveRunConfig({
        configFile: baseFile,
        overrides: {
          variant: variant.variant,
          seed,
          ...(variant.staticMultiplier !== undefined ? { staticMultiplier: variant.staticMultiplier } : {}),
          ...(config.offline ? { offline: config.offline as RunConfigInput['offline'] } : {}),
        },
      }),
    })),
  );
  return { directory, base, variants, seeds, runs };
}

/**
 * Creates a run's folder with its config (config.json, an empty run.sqlite) unless it holds a run already, so that
 * `genenv run --resume <folder>` starts it, and after a kill or a preemption continues it.
 */
export async function prepareRunFolder(run: PlannedRun): Promise<void> {
  if (existsSync(join(run.folder, 'run.sqlite'))) return;
  // Loaded here: the store (better-sqlite3) is not what importing the library should load.
  const { RunStore } = await import('../store/run-store.ts');
  RunStore.create(run.folder, run.config, { prepared: true }).close();
}

/**
 * The arguments of `genenv run` that run a prepared run folder: they start it, continue it after a kill or a
 * preemption, and leave it as it is once finished, so a scheduler may run them again. No report: the comparison's
 * report covers every run.
 */
export function runArguments(run: PlannedRun): string[] {
  return ['--resume', run.folder, '--no-report'];
}

/** Where a run stands: its folder missing, its run unfinished (epochs committed so far), or finished. */
export type RunProgress =
  | { state: 'missing' }
  | { state: 'unfinished'; completedEpochs: number }
  | { state: 'finished'; summary: RunSummary };

/** Reads a run's summary.json: finished when it holds all of the run's epochs. */
export function runProgress(run: PlannedRun): RunProgress {
  const path = join(run.folder, 'summary.json');
  if (!existsSync(path))
    return existsSync(join(run.folder, 'run.sqlite'))
      ? { state: 'unfinished', completedEpochs: 0 }
      : { state: 'missing' };
  const parsed = RunSummarySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new GenEnvError('store', `${path} is malformed: ${describeZodError(parsed.error)}`);
  return parsed.data.completedEpochs < run.config.epochs
    ? { state: 'unfinished', completedEpochs: parsed.data.completedEpochs }
    : { state: 'finished', summary: parsed.data };
}

/**
 * The first setting in which a run folder's config.json differs from the config the comparison gives it (the
 * kernels that ran aside), as `key: stored, not expected`; null when they agree.
 */
export function settingsDifference(run: PlannedRun): string | null {
  const path = join(run.folder, 'config.json');
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new GenEnvError('store', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = StoredRunConfigSchema.safeParse(stored);
  if (!parsed.success) throw new GenEnvError('store', `${path}: ${describeZodError(parsed.error)}`);
  const { computeBackend: _kernels, ...settings } = parsed.data;
  return firstDifference(plain(settings), plain(run.config), '');
}

/** A value as JSON holds it (no undefined keys), for comparing configs. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function firstDifference(stored: unknown, expected: unknown, path: string): string | null {
  const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(stored) && isObject(expected)) {
    const keys = [...new Set([...Object.keys(stored as object), ...Object.keys(expected as object)])].sort();
    for (const key of keys) {
      const found = firstDifference(
        (stored as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (found !== null) return found;
    }
    return null;
  }
  if (isDeepStrictEqual(stored, expected)) return null;
  return `${path}: ${JSON.stringify(stored) ?? 'absent'}, not ${JSON.stringify(expected) ?? 'absent'}`;
}

/**
 * Whether two stored configs hold the same values (the order of keys aside, removed options that were off
 * ignored); unreadable text is another config.
 */
function sameConfig(storedText: string, currentText: string): boolean {
  try {
    return isDeepStrictEqual(withoutRetiredOptions(JSON.parse(storedText)), JSON.parse(currentText));
  } catch {
    return false;
  }
}
