import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import {
  ComparisonSchema,
  GenEnvError,
  type Comparison,
  type RolloutsToReach,
  type RunSummary,
  type VariantReach,
} from '../interfaces/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { confidenceInterval95, mean } from '../util/statistics.ts';
import {
  type ComparisonOptions,
  type ComparisonPlan,
  type PlannedRun,
  planComparison,
  prepareRunFolder,
  runArguments,
  runProgress,
  settingsDifference,
} from './comparison-plan.ts';
import type { ExtraNames, RegistryNames } from './config-input.ts';
import { heldOutCurve, resolveBaselines, rolloutsToReach } from './rollouts-to-reach.ts';
import type { AgentFactory, SimulatorFactory } from './registry.ts';
import { StopRequested } from './stop-signals.ts';
import type { DomainFactory } from '../domains/define-domain.ts';

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

/** Runs (or resumes) a prepared run folder in this process, with the caller's worlds and players. */
async function runHere(run: PlannedRun, options: ComparisonOptions): Promise<void> {
  const { runInDirectory } = await import('./coevolution-run.ts');
  await runInDirectory(
    { resume: run.folder },
    {
      report: false,
      signal: options.signal,
      domains: options.domains,
      agents: options.agents,
      simulators: options.simulators,
    },
  );
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

/**
 * A variant's rollouts to reach the target as a table cell: the rollouts, their share of the strongest baseline's
 * and the seeds that reach it alone, or the budget of a variant that does not reach it.
 */
function reachCell(figure: VariantReach | undefined): string {
  if (figure === undefined) return '–';
  const seeds = `${figure.perSeed.filter((seed) => seed.epoch !== null).length}/${figure.perSeed.length} seeds`;
  if (figure.rollouts === null) return `not reached in ${Math.round(figure.budget)} (${seeds})`;
  const share = figure.share === null ? '' : `${figure.share.toFixed(2)}×, `;
  return `${Math.round(figure.rollouts)} (${share}${seeds})`;
}

/** The line under the table that says how the rollouts were read, and where they were counted instead. */
function reachNote(reach: RolloutsToReach): string {
  return (
    `rollouts to reach: at the first evaluated epoch whose ${reach.set}, mean over seeds, is at least ` +
    `${reach.baseline}'s final ${reach.target.toFixed(3)} (the strongest of ${reach.baselines.join(', ')}); in ` +
    `brackets their share of ${reach.baseline}'s and the seeds that reach it alone` +
    (reach.counted ? '; rollouts counted as epoch × tasksPerEpoch × n × G (runs stored without a rollout count)' : '')
  );
}

/**
 * Plain-text table: variant, mean ± half-width per held-out set, synthetic samples, and the rollouts each variant
 * took to reach the strongest baseline's final test-hard (with the line that defines them) where the comparison has
 * them.
 */
export function comparisonTable(comparison: Comparison): string {
  const sets = [...new Set(comparison.variants.flatMap((variant) => Object.keys(variant.mean)))].sort();
  const reach = comparison.rolloutsToReach;
  const header = [
    'variant',
    ...sets.map((set) => `${set} (mean ± 95% CI)`),
    'synthetic samples',
    ...(reach ? [`rollouts to ${reach.baseline}'s ${reach.set}`] : []),
  ];
  const rows = comparison.variants.map((variant) => [
    variant.variant,
    ...sets.map((set) => {
      const [low, high] = variant.interval[set] ?? [Number.NaN, Number.NaN];
      return `${(variant.mean[set] ?? Number.NaN).toFixed(3)} ± ${((high - low) / 2).toFixed(3)}`;
    }),
    String(variant.syntheticSamples),
    ...(reach ? [reachCell(reach.variants.find((figure) => figure.variant === variant.variant))] : []),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const lines = [header, ...rows].map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  return [...lines, ...(reach ? [reachNote(reach)] : [])].join('\n');
}

/**
 * `genenv compare`: every variant × seed with the same budget (epochs, task types per epoch, n, G), as child runs in
 * parallel: each run's folder is made with its config, then `genenv run --resume <folder>` runs it (the job list's
 * command, `comparison-job-list.ts`). Finished runs are kept; interrupted ones resume; rerunning the command with the
 * same --out continues the comparison.
 */
export async function runComparison<
  Domains extends Readonly<Record<string, DomainFactory>> = Record<never, never>,
  Agents extends Readonly<Record<string, AgentFactory>> = Record<never, never>,
  Simulators extends Readonly<Record<string, SimulatorFactory>> = Record<never, never>,
>(
  given: ComparisonOptions<RegistryNames<Domains, Agents, Simulators>> & {
    domains?: Domains;
    agents?: Agents;
    simulators?: Simulators;
  },
): Promise<{ comparison: Comparison; table: string; directory: string }> {
  // The names were checked by the types; inside, the options are the plain ones every step takes.
  const options = given as ComparisonOptions<ExtraNames> as ComparisonOptions;
  // A baseline that is not a variant is refused before any run, not after the last one.
  resolveBaselines(options.variants, options.baselines);
  const plan = await planComparison(options);
  // Worlds and players of the caller's own exist only in this process: their runs go here, one after another unless
  // asked otherwise; built-in ones go to child processes, one per core.
  const inProcess = [options.domains, options.agents, options.simulators].some(
    (table) => table !== undefined && Object.keys(table).length > 0,
  );
  const limit = pLimit(Math.max(1, options.parallel ?? (inProcess ? 1 : availableParallelism())));
  let finished = 0;
  const runs = plan.runs.map((run) =>
    limit(async () => {
      // Once stopped, no further run starts; the ones already running finish their epoch and stop.
      options.signal?.throwIfAborted();
      if (runProgress(run).state !== 'finished') {
        await prepareRunFolder(run);
        if (inProcess) await runHere(run, options);
        else await runChild([...runArguments(run), '--quiet'], options.signal);
      }
      finished++;
      if (options.quiet === false)
        process.stderr.write(`compare: ${run.variant.name} seed ${run.seed} done (${finished}/${plan.runs.length})\n`);
    }),
  );
  try {
    await Promise.all(runs);
  } catch (error) {
    if (!options.signal?.aborted) throw error;
    // The runs still going got the signal too: the comparison ends when each has stopped at its safe point.
    await Promise.allSettled(runs);
    const { signal } = options.signal.reason as StopRequested;
    throw new StopRequested(signal, `stopped by ${signal} with ${finished} of ${plan.runs.length} runs finished`, {
      kind: 'repeat-comparison',
      folder: plan.directory,
    });
  }
  return writeComparison(plan, options);
}

/**
 * `genenv compare --collect`: the comparison of runs made elsewhere (by the job list), from their folders. Refuses,
 * naming it, a run whose folder is missing, that is unfinished, or that was made with other settings.
 */
export async function collectComparison(
  options: ComparisonOptions,
): Promise<{ comparison: Comparison; table: string; directory: string }> {
  resolveBaselines(options.variants, options.baselines);
  return writeComparison(await planComparison(options, true), options);
}

/**
 * Writes comparison.json and the report from the finished runs of `plan`: per variant its final held-out accuracy,
 * and the rollouts each variant took to reach the strongest baseline's final test-hard.
 */
async function writeComparison(
  plan: ComparisonPlan,
  { worldSeed, width, baselines }: Pick<ComparisonOptions, 'worldSeed' | 'width' | 'baselines'>,
): Promise<{ comparison: Comparison; table: string; directory: string }> {
  const summaries = new Map(plan.runs.map((run) => [run, finishedSummary(run)]));
  const runsOf = (variant: ComparisonPlan['variants'][number]) => plan.runs.filter((run) => run.variant === variant);
  const reach = rolloutsToReach(
    plan.variants.map((variant) => ({
      variant: variant.name,
      runs: runsOf(variant).map((run) => heldOutCurve(summaries.get(run)!, run.config)),
    })),
    baselines,
  );
  const comparison: Comparison = {
    preset: plan.base.preset,
    seeds: plan.seeds,
    ...(worldSeed !== undefined ? { worldSeed } : {}),
    ...(width !== undefined ? { width } : {}),
    variants: plan.variants.map((variant) => {
      const runs = runsOf(variant);
      return summariseVariant(
        variant.name,
        plan.seeds,
        runs.map((run) => summaries.get(run)!),
        runs.map((run) => relative(plan.directory, run.folder)),
      );
    }),
    ...(reach ? { rolloutsToReach: reach } : {}),
  };
  ComparisonSchema.parse(comparison);
  writeFileAtomic(join(plan.directory, 'comparison.json'), `${JSON.stringify(comparison, null, 2)}\n`);
  const { buildReport } = await import('../report/index.ts');
  await buildReport(plan.directory);
  return { comparison, table: comparisonTable(comparison), directory: plan.directory };
}

/** A run's summary, once it is finished with the comparison's settings; else a one-line refusal naming its folder. */
function finishedSummary(run: PlannedRun): RunSummary {
  const progress = runProgress(run);
  if (progress.state === 'missing')
    throw new GenEnvError(
      'usage',
      `${run.folder} is missing: copy the run there if it ran elsewhere, or write the comparison's job list again`,
    );
  if (progress.state === 'unfinished')
    throw new GenEnvError(
      'usage',
      `${run.folder} is unfinished (${progress.completedEpochs} of ${run.config.epochs} epochs)`,
      { remedy: { kind: 'resume', folder: run.folder } },
    );
  const difference = settingsDifference(run);
  if (difference !== null)
    throw new GenEnvError('usage', `${run.folder} was run with other settings than the comparison's (${difference})`);
  return progress.summary;
}
