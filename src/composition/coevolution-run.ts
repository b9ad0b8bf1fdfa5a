/**
 * One co-evolution run as a library call: a config in, its run directory and summary out. It opens the run directory
 * (new, or one to resume), builds the domain and both players from the config's names, runs the loop (core/), writes
 * report.html and closes everything, whatever happens. `genenv run` calls it too, adding its progress lines and the
 * live report through `watch`.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { refuseWhatNeedsKnobs, runCoevolution as runLoop } from '../core/index.ts';
import type { DomainFactory } from '../domains/define-domain.ts';
import {
  type EventSink,
  GenEnvError,
  type RunConfig,
  type RunConfigInput,
  type RunSummary,
} from '../interfaces/index.ts';
import { describeBackend, resultFamily } from '../models/index.ts';
import { LOCK_FILE } from '../store/run-lock.ts';
import { RunStore } from '../store/run-store.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { createOfflineSource } from './offline-source.ts';
import { createDomain, createTrainableAgent, createTrainableSimulator } from './registry.ts';
import { StopRequested } from './stop-signals.ts';

/** A run config in part: its preset (the default one when absent) and the fields that differ from it. */
export type CoevolutionConfig = Partial<RunConfigInput>;

/** What a library caller may ask of a run besides its config. */
export interface CoevolutionOptions {
  /** The run directory (created; an existing one must not hold a run). Default `runs/<UTC timestamp>-<preset>`. */
  out?: string;
  /** Worlds of the caller's own by name (e.g. written with `defineDomain`), beside the built-in ones. */
  domains?: Readonly<Record<string, DomainFactory>>;
  /** Told every event of the loop (epochs and phases starting and ending). */
  onEvent?: EventSink;
  /** Whether report.html is written at the end (default true). */
  report?: boolean;
  /** Aborted to stop the run after its current epoch, which is committed; the run then throws the signal's reason. */
  signal?: AbortSignal;
}

/** What watches a run (the CLI's progress lines and live report): made once its directory and players exist. */
export interface RunWatcher {
  sink: EventSink;
  /** After the last epoch: true when it wrote the final report.html itself. */
  finish?(): Promise<boolean>;
  /** Called last, however the run ended. */
  close?(): void;
}

/** Where a run starts: a new directory for a resolved config, or a run to resume (only its epochs may change). */
export type RunStart = { config: RunConfig; out?: string } | { resume: string; epochs?: number };

/** The options of a run as the CLI gives them: the library's, and a watcher. */
export interface RunHooks extends Omit<CoevolutionOptions, 'out'> {
  watch?: (run: { config: RunConfig; directory: string }) => RunWatcher;
}

/** A finished run: its directory and its summary.json. */
export interface CoevolutionResult {
  runDirectory: string;
  summary: RunSummary;
}

/** A validated run config: the preset's (`config.preset`, else the default) with `config`'s fields over it. */
export function resolveConfig(config: CoevolutionConfig = {}): RunConfig {
  return resolveRunConfig({ preset: config.preset, overrides: config });
}

/**
 * Removes what RunStore.create wrote (config.json, run.sqlite and its journal files, run.lock, the empty checkpoints folder),
 * and the run folder itself when this run made it, so that the same call works again once its config is fixed.
 * Files the user put in an existing folder stay.
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

/** Creates the run directory, or opens it to resume; `discard` undoes a creation (a no-op for a resumed run). */
function openStore(start: RunStart): { store: RunStore; discard: () => void } {
  if ('config' in start) {
    const directory = start.out ?? timestampedRunFolder(start.config.preset);
    const existed = existsSync(directory);
    const store = RunStore.create(directory, start.config);
    return { store, discard: () => discardRun(store, existed) };
  }
  const store = RunStore.open(start.resume);
  const { epochs } = start;
  if (epochs !== undefined && epochs !== store.config.epochs) {
    const committed = store.lastCommittedEpoch() ?? 0;
    if (epochs < committed) {
      store.close();
      throw new GenEnvError('usage', `--epochs ${epochs} is below the ${committed} epochs already committed`);
    }
    store.updateConfig({ ...store.config, epochs } as RunConfig);
  }
  return { store, discard: () => store.close() };
}

/** The domain and policies of a run, created before it starts (bad options throw here, as config errors). */
async function createPlayers(config: RunConfig, runDirectory: string, domains: CoevolutionOptions['domains']) {
  const domain = await createDomain(config.domain.name, config.domain.options, domains);
  refuseWhatNeedsKnobs(config, domain);
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

/**
 * Runs (or resumes) one co-evolution in its run directory until its last epoch, or until `signal` stops it after a
 * committed epoch (StopRequested, saying how to resume). A config error before the first epoch leaves no run behind.
 */
export async function runInDirectory(start: RunStart, hooks: RunHooks = {}): Promise<CoevolutionResult> {
  const { store, discard } = openStore(start);
  const config = store.config;
  let players: Awaited<ReturnType<typeof createPlayers>>;
  try {
    players = await createPlayers(config, store.directory, hooks.domains);
  } catch (error) {
    discard();
    throw error;
  }
  if (config.agent.policy === 'builtin' || config.simulator.policy === 'builtin')
    store.updateConfig({ ...store.config, computeBackend: `${describeBackend()}; ${resultFamily()}` });
  const { domain, agent, simulator, teacher, offlineSpecs } = players;
  let watcher: RunWatcher | null = null;
  try {
    watcher = hooks.watch?.({ config, directory: store.directory }) ?? null;
    const summary = await runLoop({
      config,
      domain,
      agent,
      simulator,
      store,
      teacher,
      offlineSpecs,
      onEvent: (event) => {
        watcher?.sink(event);
        hooks.onEvent?.(event);
      },
      signal: hooks.signal,
    });
    // The final report; written here unless the watcher wrote it (its error, if any, is the one to show).
    const written = (await watcher?.finish?.()) ?? false;
    if (hooks.report !== false && !written) (await import('../report/index.ts')).writeReport(store.directory);
    return { runDirectory: store.directory, summary };
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    throw new StopRequested(
      error.signal,
      `stopped by ${error.signal} after epoch ${store.lastCommittedEpoch()} (committed); ` +
        `genenv run --resume ${store.directory} continues it`,
    );
  } finally {
    watcher?.close?.();
    store.close();
    await agent.close?.();
    await simulator.close?.();
    await teacher?.close?.();
  }
}

/**
 * A co-evolution run: `config` over its preset (see `resolveConfig`) in a new run directory (`options.out`). Resolves
 * with the directory and its summary.json once the last epoch is committed and report.html written. Throws
 * GenEnvError('config') for a bad config, before anything is written.
 */
export function runCoevolution(
  config: CoevolutionConfig = {},
  options: CoevolutionOptions = {},
): Promise<CoevolutionResult> {
  const { out, ...hooks } = options;
  return runInDirectory({ config: resolveConfig(config), out }, hooks);
}

/**
 * Continues the run in `runDirectory` from its last committed epoch, with its stored config (`epochs` may raise its
 * epoch count); it ends with the summary an uninterrupted run would have. A world of the caller's own must be given
 * again in `options.domains`.
 */
export function resumeCoevolution(
  runDirectory: string,
  options: Omit<CoevolutionOptions, 'out'> & { epochs?: number } = {},
): Promise<CoevolutionResult> {
  const { epochs, ...hooks } = options;
  return runInDirectory({ resume: runDirectory, epochs }, hooks);
}
