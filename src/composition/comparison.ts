import { isDeepStrictEqual } from 'node:util';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import {
  ComparisonSchema,
  describeZodError,
  GenEnvError,
  RunSummarySchema,
  VariantSchema,
  withoutRetiredOptions,
  type Comparison,
  type RunConfig,
  type RunConfigInput,
  type RunSummary,
} from '../interfaces/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { confidenceInterval95, mean } from '../util/statistics.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { StopRequested } from './stop-signals.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';

export interface ComparisonOptions {
  preset?: string;
  config?: string;
  variants: string[];
  /** The seeds each variant runs with (`--seeds`, read by parseSeedSpec). */
  seeds: readonly number[];
  /** The domain's world seed every run uses (`--world-seed`); the preset's when absent. */
  worldSeed?: number;
  out?: string;
  parallel?: number;
  quiet?: boolean;
  /** Aborted to stop: no further run starts, running ones get the signal and stop after their epoch. */
  signal?: AbortSignal;
  overrides: Partial<RunConfigInput>;
}

/** A variant name as given: `static-2x` is the static variant with twice genenv's synthetic tasks. */
export interface VariantPlan {
  name: string;
  variant: RunConfig['variant'];
  staticMultiplier?: number;
}

/** Parses variant names; unknown names are a usage error. */
export function planVariants(names: readonly string[]): VariantPlan[] {
  if (names.length === 0) throw new GenEnvError('usage', '--variants needs at least one variant');
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

const BIN = fileURLToPath(new URL('../../bin/genenv.js', import.meta.url));

/**
 * Runs (or resumes) one `genenv run` in a child process, so comparisons use every core. When `signal` aborts, the
 * child gets the same signal and stops after its current epoch (resumable); the promise then rejects with the stop.
 */
function runChild(args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // In a process group of its own: Ctrl-C on a terminal reaches the comparison alone, which passes it on once (a
    // run that got it twice, from the terminal and from here, would exit at once instead of after its epoch).
    const child = spawn(process.execPath, [BIN, 'run', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const forward = () => child.kill(signal?.reason instanceof StopRequested ? signal.reason.signal : 'SIGTERM');
    signal?.addEventListener('abort', forward, { once: true });
    child.on('close', () => signal?.removeEventListener('abort', forward));
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else if (signal?.aborted) reject(signal.reason);
      else
        reject(
          new GenEnvError(
            'internal',
            `run ${args.join(' ')} failed: ${
              errors
                .trim()
                .split('\n')
                .filter((line) => line.startsWith('genenv:'))
                .at(-1) ?? `exit code ${code}`
            }`,
          ),
        );
    });
  });
}

function readSummary(directory: string): RunSummary | null {
  const path = join(directory, 'summary.json');
  if (!existsSync(path)) return null;
  const parsed = RunSummarySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new GenEnvError('store', `${path} is malformed: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Per-variant statistics of final held-out accuracy (mean and 95% Student-t interval over seeds). Pure. */
export function summariseVariant(
  name: string,
  seeds: number[],
  summaries: RunSummary[],
  runs: string[],
): Comparison['variants'][number] {
  const sets = [
    ...new Set(summaries.flatMap((summary) => Object.keys(summary.epochs.at(-1)?.heldOutAccuracy ?? {}))),
  ].sort();
  const perSeed = Object.fromEntries(
    sets.map((set) => [set, summaries.map((summary) => summary.epochs.at(-1)?.heldOutAccuracy[set] ?? 0)]),
  );
  return {
    variant: name,
    seeds,
    perSeed,
    mean: Object.fromEntries(sets.map((set) => [set, mean(perSeed[set]!)!])),
    interval: Object.fromEntries(sets.map((set) => [set, confidenceInterval95(perSeed[set]!)])),
    syntheticSamples: Math.round(mean(summaries.map((summary) => summary.syntheticSamples)) ?? 0),
    runs,
  };
}

/** Plain-text table: variant, mean ± half-width per held-out set, synthetic samples. */
export function comparisonTable(comparison: Comparison): string {
  const sets = [...new Set(comparison.variants.flatMap((variant) => Object.keys(variant.mean)))].sort();
  const header = ['variant', ...sets.map((set) => `${set} (mean ± 95% CI)`), 'synthetic samples'];
  const rows = comparison.variants.map((variant) => [
    variant.variant,
    ...sets.map((set) => {
      const [low, high] = variant.interval[set] ?? [Number.NaN, Number.NaN];
      return `${(variant.mean[set] ?? Number.NaN).toFixed(3)} ± ${((high - low) / 2).toFixed(3)}`;
    }),
    String(variant.syntheticSamples),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}

/**
 * `genenv compare`: every variant × seed with the same budget (epochs, task types per epoch, n, G),
 * as child runs in parallel. Finished runs are kept; interrupted ones resume; rerunning the command
 * with the same --out continues the comparison.
 */
export async function runComparison(
  options: ComparisonOptions,
): Promise<{ comparison: Comparison; table: string; directory: string }> {
  if (options.seeds.length === 0) throw new GenEnvError('usage', '--seeds names no seed');
  const plans = planVariants(options.variants);
  const base = resolveRunConfig({
    preset: options.preset,
    configFile: options.config,
    overrides: options.overrides,
    worldSeed: options.worldSeed,
  });
  // The domain checks its options (a world seed it has no use for, say) here, before any folder or run exists.
  const { createDomain } = await import('./registry.ts');
  await createDomain(base.domain.name, base.domain.options);
  const directory = options.out ?? timestampedRunFolder(`compare-${base.preset}`);
  const baseFile = join(directory, 'base-config.json');
  const baseText = `${JSON.stringify({ ...base, seed: 1, variant: 'genenv' }, null, 2)}\n`;
  if (existsSync(baseFile) && !sameConfig(readFileSync(baseFile, 'utf8'), baseText)) {
    throw new GenEnvError('usage', `${directory} holds a comparison with another config; choose another --out`);
  }
  writeFileAtomic(baseFile, baseText);
  const seeds = [...options.seeds];
  const limit = pLimit(Math.max(1, options.parallel ?? availableParallelism()));
  const jobs = plans.flatMap((plan) =>
    seeds.map((seed) => ({ plan, seed, folder: join(directory, plan.name, `seed-${seed}`) })),
  );
  let finished = 0;
  const runs = jobs.map((job) =>
    limit(async () => {
      // Once stopped, no further run starts; the ones already running finish their epoch and stop.
      options.signal?.throwIfAborted();
      const summary = readSummary(job.folder);
      if (!summary || summary.completedEpochs < base.epochs) {
        const resuming = existsSync(join(job.folder, 'run.sqlite'));
        const args = resuming
          ? ['--resume', job.folder, '--quiet', '--no-report']
          : [
              '--config',
              resolve(baseFile),
              '--variant',
              job.plan.variant,
              '--seed',
              String(job.seed),
              '--out',
              job.folder,
              '--quiet',
              '--no-report',
              ...(job.plan.staticMultiplier !== undefined
                ? ['--static-multiplier', String(job.plan.staticMultiplier)]
                : []),
              ...(options.overrides.offline ? ['--offline-source', options.overrides.offline.source] : []),
            ];
        await runChild(args, options.signal);
      }
      finished++;
      if (!options.quiet)
        process.stderr.write(`compare: ${job.plan.name} seed ${job.seed} done (${finished}/${jobs.length})\n`);
    }),
  );
  try {
    await Promise.all(runs);
  } catch (error) {
    if (!options.signal?.aborted) throw error;
    // The runs still going got the signal too: the comparison ends when each has stopped at its safe point.
    await Promise.allSettled(runs);
    const { signal } = options.signal.reason as StopRequested;
    throw new StopRequested(
      signal,
      `stopped by ${signal} with ${finished} of ${jobs.length} runs finished; ` +
        `the same command with --out ${directory} continues the comparison`,
    );
  }
  const comparison: Comparison = {
    preset: base.preset,
    seeds,
    ...(options.worldSeed !== undefined ? { worldSeed: options.worldSeed } : {}),
    variants: plans.map((plan) => {
      const folders = seeds.map((seed) => join(directory, plan.name, `seed-${seed}`));
      return summariseVariant(
        plan.name,
        seeds,
        folders.map((folder) => readSummary(folder)!),
        folders.map((folder) => relative(directory, folder)),
      );
    }),
  };
  ComparisonSchema.parse(comparison);
  writeFileAtomic(join(directory, 'comparison.json'), `${JSON.stringify(comparison, null, 2)}\n`);
  const { buildReport } = await import('../report/index.ts');
  await buildReport(directory);
  return { comparison, table: comparisonTable(comparison), directory };
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
