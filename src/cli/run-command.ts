import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCoevolution } from '../core/index.ts';
import { GenEnvError, type RunConfig, type RunConfigInput, type RunSummary } from '../interfaces/index.ts';
import { describeBackend, resultFamily } from '../models/index.ts';
import { LOCK_FILE } from '../store/run-lock.ts';
import { RunStore } from '../store/run-store.ts';
import { resolveRunConfig } from '../composition/config-resolution.ts';
import { createOfflineSource } from '../composition/offline-source.ts';
import { type LiveReport, liveReport } from './live-report.ts';
import { backgroundReportRenderer } from './background-report.ts';
import { progressReporter } from './progress.ts';
import { StopRequested } from '../composition/stop-signals.ts';
import { createDomain, createTrainableAgent, createTrainableSimulator } from '../composition/registry.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';

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
  /** Aborted (with a StopRequested reason) to stop the run after its current epoch. */
  signal?: AbortSignal;
  overrides: Partial<RunConfigInput>;
}

/**
 * Opens (resume) or creates the run directory and its resolved config. `discard` undoes a creation (for
 * errors found before the run starts); it is a no-op for a resumed run.
 */
function openStore(options: RunCommandOptions): { store: RunStore; discard: () => void } {
  if (options.resume === undefined) {
    const config = resolveRunConfig({
      preset: options.preset,
      configFile: options.config,
      overrides: options.overrides,
      worldSeed: options.worldSeed,
    });
    const directory = options.out ?? timestampedRunFolder(config.preset);
    const existed = existsSync(directory);
    const store = RunStore.create(directory, config);
    return { store, discard: () => discardRun(store, existed) };
  }
  const others = Object.entries({
    ...options.overrides,
    preset: options.preset,
    config: options.config,
    out: options.out,
    'world-seed': options.worldSeed,
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
  return { store, discard: () => store.close() };
}

/**
 * Removes what RunStore.create wrote (config.json, run.sqlite and its journal files, run.lock, the empty
 * checkpoints folder), and the run folder itself when this command made it, so that the same command
 * works again once its config is fixed. Files the user put in an existing folder stay.
 */
function discardRun(store: RunStore, existed: boolean): void {
  store.close();
  const directory = store.directory;
  if (!existed) {
    rmSync(directory, { recursive: true, force: true });
    return;
  }
  for (const name of ['config.json', 'run.sqlite', 'run.sqlite-wal', 'run.sqlite-shm', 'run.sqlite-journal', LOCK_FILE])
    rmSync(join(directory, name), { force: true });
  for (const name of ['checkpoints', 'trainer']) {
    const path = join(directory, name);
    if (existsSync(path) && readdirSync(path).length === 0) rmSync(path, { recursive: true });
  }
}

/** The policies of a run, created before it starts (bad options throw here, as config errors). */
async function createPlayers(config: RunConfig, runDirectory: string) {
  const domain = await createDomain(config.domain.name, config.domain.options);
  const created: { close?(): Promise<void> }[] = [];
  const keep = <T extends { close?(): Promise<void> }>(policy: T): T => {
    created.push(policy);
    return policy;
  };
  try {
    const common = { domain, seed: config.seed, runDirectory };
    const agent = keep(
      await createTrainableAgent({ ...common, spec: config.agent.policy, options: config.agent.options }),
    );
    const simulator = keep(
      await createTrainableSimulator({ ...common, spec: config.simulator.policy, options: config.simulator.options }),
    );
    const offline = config.variant === 'offline' ? await createOfflineSource(config, domain) : {};
    if (offline.teacher) keep(offline.teacher);
    return { domain, agent, simulator, ...offline };
  } catch (error) {
    // Policies made before the bad one hold sockets or workers.
    for (const policy of created) await policy.close?.();
    throw error;
  }
}

/** `genenv run`: one co-evolution run. Returns its summary and directory. */
export async function runCommand(options: RunCommandOptions): Promise<{ summary: RunSummary; directory: string }> {
  const { store, discard } = openStore(options);
  const config = store.config;
  let players: Awaited<ReturnType<typeof createPlayers>>;
  try {
    players = await createPlayers(config, store.directory);
  } catch (error) {
    discard();
    throw error;
  }
  if (config.agent.policy === 'builtin' || config.simulator.policy === 'builtin')
    store.updateConfig({ ...store.config, computeBackend: `${describeBackend()}; ${resultFamily()}` });
  const { domain, agent, simulator, teacher, offlineSpecs } = players;
  let live: LiveReport | null = null;
  const progress = progressReporter({
    quiet: options.quiet ?? false,
    label: `${config.preset}/${config.variant} seed ${config.seed}`,
  });
  try {
    // report.html follows the run: rewritten as epochs commit, by a process of the lowest priority, so it opens mid-run.
    live = options.skipReport
      ? null
      : liveReport(store.directory, backgroundReportRenderer(), { warn: (message) => process.stderr.write(message) });
    const summary = await runCoevolution({
      config,
      domain,
      agent,
      simulator,
      store,
      teacher,
      offlineSpecs,
      onEvent: (event) => {
        progress.sink(event);
        live?.sink(event);
      },
      signal: options.signal,
    });
    // The final report; written here if the report process could not (its error, if any, is the one to show).
    if (live && !(await live.finish())) (await import('../report/index.ts')).writeReport(store.directory);
    return { summary, directory: store.directory };
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    throw new StopRequested(
      error.signal,
      `stopped by ${error.signal} after epoch ${store.lastCommittedEpoch()} (committed); ` +
        `genenv run --resume ${store.directory} continues it`,
    );
  } finally {
    live?.close();
    progress.stop();
    store.close();
    await agent.close?.();
    await simulator.close?.();
    await teacher?.close?.();
  }
}
