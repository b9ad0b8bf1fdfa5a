import { join } from 'node:path';
import { runCoevolution } from '../core/loop.ts';
import {
  type EnvironmentPolicy,
  GenEnvError,
  type RunConfig,
  type RunConfigInput,
  type RunSummary,
} from '../interfaces/index.ts';
import { RunStore } from '../store/run-store.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { readOfflineSpecs } from './offline-source.ts';
import { progressReporter } from './progress.ts';
import { createDomain, createTeacher, createTrainableAgent, createTrainableSimulator } from './registry.ts';

export interface RunCommandOptions {
  preset?: string;
  config?: string;
  out?: string;
  resume?: string;
  quiet?: boolean;
  /** Skip report.html (comparisons build one report over all runs). */
  skipReport?: boolean;
  overrides: Partial<RunConfigInput>;
}

/** Default run directory: runs/<UTC timestamp>-<preset>. */
function defaultOutput(preset: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  return join('runs', `${stamp}-${preset}`);
}

/** Opens (resume) or creates the run directory and its resolved config. */
function openStore(options: RunCommandOptions): RunStore {
  if (options.resume === undefined) {
    const config = resolveRunConfig({
      preset: options.preset,
      configFile: options.config,
      overrides: options.overrides,
    });
    return RunStore.create(options.out ?? defaultOutput(config.preset), config);
  }
  const others = Object.entries({
    ...options.overrides,
    preset: options.preset,
    config: options.config,
    out: options.out,
  }).filter(([key, value]) => value !== undefined && key !== 'epochs');
  if (others.length)
    throw new GenEnvError(
      'usage',
      `--resume takes the run's stored config; only --epochs may change (got --${others[0]![0]})`,
    );
  const store = RunStore.open(options.resume);
  const epochs = options.overrides.epochs;
  if (epochs !== undefined && epochs !== store.config.epochs) {
    if (epochs < (store.lastCommittedEpoch() ?? 0))
      throw new GenEnvError(
        'usage',
        `--epochs ${epochs} is below the ${store.lastCommittedEpoch()} epochs already committed`,
      );
    store.updateConfig({ ...store.config, epochs } as RunConfig);
  }
  return store;
}

/** `genenv run`: one co-evolution run. Returns its summary and directory. */
export async function runCommand(options: RunCommandOptions): Promise<{ summary: RunSummary; directory: string }> {
  const store = openStore(options);
  const config = store.config;
  const domain = await createDomain(config.domain.name, config.domain.options);
  const runDirectory = store.directory;
  const agent = await createTrainableAgent({
    spec: config.agent.policy,
    domain,
    options: config.agent.options,
    seed: config.seed,
    runDirectory,
  });
  const simulator = await createTrainableSimulator({
    spec: config.simulator.policy,
    domain,
    options: config.simulator.options,
    seed: config.seed,
    runDirectory,
  });
  let teacher: EnvironmentPolicy | undefined;
  let offlineSpecs: unknown[] | undefined;
  if (config.variant === 'offline') {
    if (!config.offline)
      throw new GenEnvError(
        'config',
        'the offline variant needs offline.source: a teacher policy spec or a JSONL file of task specs',
      );
    if (/\.jsonl?$/i.test(config.offline.source)) offlineSpecs = readOfflineSpecs(config.offline.source);
    else teacher = await createTeacher({ spec: config.offline.source, domain, options: {}, seed: config.seed });
  }
  const progress = progressReporter({
    quiet: options.quiet ?? false,
    label: `${config.preset}/${config.variant} seed ${config.seed}`,
  });
  try {
    const summary = await runCoevolution({
      config,
      domain,
      agent,
      simulator,
      store,
      teacher,
      offlineSpecs,
      onEvent: progress.sink,
    });
    if (!options.skipReport) {
      const { buildReport } = await import('../report/index.ts');
      await buildReport(store.directory);
    }
    return { summary, directory: store.directory };
  } finally {
    progress.stop();
    store.close();
    await agent.close?.();
    await simulator.close?.();
    await teacher?.close?.();
  }
}
