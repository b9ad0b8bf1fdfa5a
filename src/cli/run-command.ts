import { runInDirectory, type RunStart, type RunWatcher } from '../composition/coevolution-run.ts';
import { resolveRunConfig } from '../composition/config-resolution.ts';
import { GenEnvError, type RunConfig, type RunConfigInput, type RunSummary } from '../interfaces/index.ts';
import { backgroundReportRenderer } from './background-report.ts';
import { liveReport } from './live-report.ts';
import { progressReporter } from './progress.ts';

export interface RunCommandOptions {
  preset?: string;
  config?: string;
  out?: string;
  resume?: string;
  quiet?: boolean;
  /** Skip report.html (comparisons build one report over all runs). */
  skipReport?: boolean;
  /** The domain's world seed (domain.options.worldSeed), over the preset's and the config file's. */
  worldSeed?: number;
  /** The domain's width (domain.options.width), over the preset's and the config file's. */
  width?: number;
  /** Aborted (with a StopRequested reason) to stop the run after its current epoch. */
  signal?: AbortSignal;
  overrides: Partial<RunConfigInput>;
}

/** Where the run starts: the config the flags resolve to, or the stored run that --resume names (only --epochs may change). */
function runStart(options: RunCommandOptions): RunStart {
  if (options.resume === undefined) {
    const config = resolveRunConfig({
      preset: options.preset,
      configFile: options.config,
      overrides: options.overrides,
      worldSeed: options.worldSeed,
      width: options.width,
    });
    return { config, out: options.out };
  }
  const others = Object.entries({
    ...options.overrides,
    preset: options.preset,
    config: options.config,
    out: options.out,
    'world-seed': options.worldSeed,
    width: options.width,
  }).filter(([key, value]) => value !== undefined && key !== 'epochs');
  if (others.length)
    throw new GenEnvError(
      'usage',
      `--resume takes the run's stored config; only --epochs may change (got --${others[0]![0]})`,
    );
  return { resume: options.resume, epochs: options.overrides.epochs };
}

/**
 * The command line's watch on a run: progress lines, and report.html rewritten as epochs commit, by a process of the
 * lowest priority, so it opens mid-run.
 */
function commandWatcher(options: RunCommandOptions, config: RunConfig, directory: string): RunWatcher {
  const progress = progressReporter({
    quiet: options.quiet ?? false,
    label: `${config.preset}/${config.variant} seed ${config.seed}`,
  });
  const live = options.skipReport
    ? null
    : liveReport(directory, backgroundReportRenderer(), { warn: (message) => process.stderr.write(message) });
  return {
    sink: (event) => {
      progress.sink(event);
      live?.sink(event);
    },
    finish: async () => (live ? live.finish() : false),
    close: () => {
      live?.close();
      progress.stop();
    },
  };
}

/** `genenv run`: one co-evolution run. Returns its summary and directory. */
export async function runCommand(options: RunCommandOptions): Promise<{ summary: RunSummary; directory: string }> {
  const { summary, runDirectory } = await runInDirectory(runStart(options), {
    report: !options.skipReport,
    signal: options.signal,
    watch: ({ config, directory }) => commandWatcher(options, config, directory),
  });
  return { summary, directory: runDirectory };
}
