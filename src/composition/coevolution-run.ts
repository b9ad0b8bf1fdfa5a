/**
 * One co-evolution run as a library call: a config in, its run directory and summary out. It opens the run directory
 * (new, or one to resume), builds the domain and both players from the config's names, runs the loop (core/), writes
 * report.html and closes everything, whatever happens. `genenv run` calls it too, adding its progress lines and the
 * live report through `watch`.
 */
import { existsSync } from 'node:fs';
import { refuseWhatNeedsKnobs, runLoop } from '../core/index.ts';
import type { DomainFactory } from '../domains/define-domain.ts';
import {
  type Domain,
  DomainError,
  type SimulatorPolicy,
  type EventSink,
  GenEnvError,
  messageLine,
  type RunConfig,
  type RunSummary,
  type TrainableAgent,
  type TrainableSimulator,
  UsageError,
} from '../interfaces/index.ts';
// The store (better-sqlite3) and the models (the native kernels) are loaded when a run starts, not when the
// library is imported (`import('genenv')` pays for neither).
import type { RunStore } from '../store/run-store.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';
import type { CoevolutionConfig, ExtraNames, NoExtraNames, RegistryNames } from './config-input.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { createOfflineSource } from './offline-source.ts';
import { raiseEpochs } from './raise-epochs.ts';
import {
  checkRegistry,
  createDomain,
  createTrainableAgent,
  createTrainableSimulator,
  type AgentFactory,
  type PlayerRegistry,
  type SimulatorFactory,
} from './registry.ts';
import { StopRequested } from './stop-signals.ts';

export type { CoevolutionConfig } from './config-input.ts';

/** What a library caller may ask of a run besides its config. */
export interface CoevolutionOptions extends PlayerRegistry {
  /**
   * The run directory (created; an existing one must not hold a committed run, and one whose start never committed
   * an epoch is taken over). Default `runs/<UTC timestamp>-<preset>`.
   */
  out?: string;
  /**
   * An agent of the caller's own to train, instead of the one the config names: the config then records it as
   * `agent.policy: "own:<its name>"`, and a resume must be given it again. The caller made it, so the run does not
   * close it. (A factory under `agents` is the other way: the config names it, and resume finds it by that name.)
   */
  agent?: TrainableAgent;
  /** A simulator of the caller's own, as `agent`: recorded as `simulator.policy: "own:<its name>"`. */
  simulator?: TrainableSimulator;
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

/** The policy spec a config records for a player object of the caller's own. */
export const ownPolicySpec = (player: { name: string }) => `own:${player.name}`;

/**
 * `config` with the policy specs of the caller's own player objects (see CoevolutionOptions.agent): a config that also
 * names another policy for that role is refused, since the object would silently replace it.
 */
function withOwnPlayers<Config extends object>(
  config: Config,
  options: Pick<CoevolutionOptions, 'agent' | 'simulator'>,
): Config {
  const parts: Record<string, unknown> = {};
  for (const role of ['agent', 'simulator'] as const) {
    const player = options[role];
    if (!player) continue;
    const named = ((config as Record<string, unknown>)[role] as { policy?: string } | undefined)?.policy;
    const spec = ownPolicySpec(player);
    if (named !== undefined && named !== spec)
      throw new UsageError(`${role}.policy names "${named}" and an object was given for it too; give one of them`);
    parts[role] = { policy: spec };
  }
  return { ...config, ...parts };
}

/** A validated run config: the preset's (`config.preset`, else the default) with `config`'s fields over it. */
export function resolveConfig<Extra extends ExtraNames = NoExtraNames>(
  config: NoInfer<CoevolutionConfig<Extra>> = {},
): RunConfig {
  return resolveRunConfig({ preset: config.preset, overrides: config });
}

/** A player the run made and must close, or one the caller gave and keeps. */
interface Made<T> {
  player: T;
  owned: boolean;
}

/** The caller's own player for a recorded `own:<name>` spec, or a refusal saying what to give. */
function ownPlayer<T extends { name: string }>(role: 'agent' | 'simulator', spec: string, given: T | undefined): T {
  if (!given)
    throw new UsageError(
      `this run's ${role} is one of the caller's own ("${spec.slice('own:'.length)}"): give it again as the ${role} option`,
    );
  if (ownPolicySpec(given) !== spec)
    throw new UsageError(`this run's ${role} is "${spec.slice('own:'.length)}", not "${given.name}"`);
  return given;
}

/**
 * The world of a run checked to answer: its seeds and held-out sets built (they are kept, so the run uses these), a
 * failure of either a DomainError naming the world.
 */
function checkedWorld(domain: Domain): Domain {
  for (const [part, build] of [
    ['seeds', () => domain.seeds()],
    ['held-out sets', () => domain.heldOutSets()],
  ] as const) {
    try {
      build();
    } catch (error) {
      if (error instanceof GenEnvError) throw error;
      throw new DomainError(`domain ${domain.name}: building its ${part} failed: ${messageLine(error)}`, {
        cause: error,
      });
    }
  }
  return domain;
}

/** Closes the players the run made (never the caller's own). */
async function closeMade(made: readonly Made<{ close?(): Promise<void> }>[]): Promise<void> {
  for (const { player, owned } of made) if (owned) await player.close?.();
}

/**
 * The domain and players of a run, made and checked before the run folder is written: a bad option throws as a
 * config error, a world whose seeds or held-out draw fail a DomainError, a server that does not answer a PolicyError.
 */
async function createPlayers(config: RunConfig, runDirectory: string, hooks: RunHooks) {
  const domain = checkedWorld(await createDomain(config.domain.name, config.domain.options, hooks.domains));
  refuseWhatNeedsKnobs(config, domain);
  const made: Made<TrainableAgent | TrainableSimulator | SimulatorPolicy>[] = [];
  const keep = <T extends TrainableAgent | TrainableSimulator | SimulatorPolicy>(player: T, owned = true): T => {
    made.push({ player, owned });
    return player;
  };
  try {
    const common = { domain, seed: config.seed, runDirectory };
    const agentSpec = config.agent.policy;
    const agent = agentSpec.startsWith('own:')
      ? keep(ownPlayer('agent', agentSpec, hooks.agent), false)
      : keep(await createTrainableAgent({ ...common, spec: agentSpec, options: config.agent.options }, hooks.agents));
    const simulatorSpec = config.simulator.policy;
    const simulator = simulatorSpec.startsWith('own:')
      ? keep(ownPlayer('simulator', simulatorSpec, hooks.simulator), false)
      : keep(
          await createTrainableSimulator(
            { ...common, spec: simulatorSpec, options: config.simulator.options },
            hooks.simulators,
          ),
        );
    const offline = config.variant === 'offline' ? await createOfflineSource(config, domain) : {};
    if (offline.teacher) keep(offline.teacher);
    // Every server a player talks to answers before anything is written.
    await Promise.all(made.map(({ player }) => player.ready?.()));
    return { domain, agent, simulator, ...offline, close: () => closeMade(made) };
  } catch (error) {
    // Players made before the bad one hold sockets or workers.
    await closeMade(made);
    throw error;
  }
}

type Players = Awaited<ReturnType<typeof createPlayers>>;

/** A run folder opened with its players: a new one (removed again if its start fails) or one resumed. */
interface OpenedRun {
  store: RunStore;
  players: Players;
  /** Undoes a new run that never committed an epoch (nothing for a resumed one). */
  discard: () => void;
}

/**
 * A new run: its folder checked, its world and players made and answering, and only then the folder written. The
 * returned `discard` removes what this start wrote (the folder too, when it made it).
 */
async function startNewRun(config: RunConfig, out: string | undefined, hooks: RunHooks): Promise<OpenedRun> {
  const directory = out ?? timestampedRunFolder(config.preset);
  const { RunStore } = await import('../store/run-store.ts');
  RunStore.checkNewFolder(directory);
  const players = await createPlayers(config, directory, hooks);
  const madeFolder = !existsSync(directory);
  let store: RunStore;
  try {
    store = RunStore.create(directory, config);
  } catch (error) {
    await players.close();
    throw error;
  }
  return { store, players, discard: () => store.discard(madeFolder) };
}

/** A run to resume: its folder checked by RunStore.open, its epoch count raised if asked, its players made. */
async function resumeRun(directory: string, epochs: number | undefined, hooks: RunHooks): Promise<OpenedRun> {
  const { RunStore } = await import('../store/run-store.ts');
  const store = RunStore.open(directory);
  try {
    raiseEpochs(store, epochs);
    const players = await createPlayers(store.config, store.directory, hooks);
    return { store, players, discard: () => {} };
  } catch (error) {
    store.close();
    throw error;
  }
}

/**
 * Runs (or resumes) one co-evolution in its run directory until its last epoch, or until `signal` stops it after a
 * committed epoch (StopRequested, with the remedy of resuming it). A new run whose start fails before its epoch 0 is
 * committed leaves nothing behind.
 */
export async function runInDirectory(start: RunStart, hooks: RunHooks = {}): Promise<CoevolutionResult> {
  const { store, players, discard } =
    'config' in start
      ? await startNewRun(start.config, start.out, hooks)
      : await resumeRun(start.resume, start.epochs, hooks);
  const config = store.config;
  const { domain, agent, simulator, teacher, offlineSpecs } = players;
  let watcher: RunWatcher | null = null;
  try {
    if (config.agent.policy === 'builtin' || config.simulator.policy === 'builtin') {
      const { describeBackend, resultFamily } = await import('../models/index.ts');
      store.updateConfig({ ...store.config, computeBackend: `${describeBackend()}; ${resultFamily()}` });
    }
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
    const committed = store.lastCommittedEpoch();
    if (committed === null) {
      watcher?.close?.();
      watcher = null;
      discard();
    }
    if (!(error instanceof StopRequested)) throw error;
    if (committed === null)
      throw new StopRequested(
        error.signal,
        `stopped by ${error.signal} before epoch 0 was committed; nothing was kept`,
      );
    throw new StopRequested(error.signal, `stopped by ${error.signal} after epoch ${committed} (committed)`, {
      kind: 'resume',
      folder: store.directory,
    });
  } finally {
    watcher?.close?.();
    store.close();
    await players.close();
  }
}

/**
 * A co-evolution run: `config` over its preset (see `resolveConfig`) in a new run directory (`options.out`). Resolves
 * with the directory and its summary.json once the last epoch is committed and report.html written. Throws a
 * ConfigError for a bad config, a PolicyError for a server that does not answer and a DomainError for a world that
 * fails, before anything is written; a start that fails later leaves no run folder behind.
 */
export async function runCoevolution<
  Domains extends Readonly<Record<string, DomainFactory>> = Record<never, never>,
  Agents extends Readonly<Record<string, AgentFactory>> = Record<never, never>,
  Simulators extends Readonly<Record<string, SimulatorFactory>> = Record<never, never>,
>(
  config: NoInfer<CoevolutionConfig<RegistryNames<Domains, Agents, Simulators>>> = {},
  options: CoevolutionOptions & { domains?: Domains; agents?: Agents; simulators?: Simulators } = {},
): Promise<CoevolutionResult> {
  const { out, ...hooks } = options;
  checkRegistry(hooks);
  const resolved = resolveConfig<RegistryNames<Domains, Agents, Simulators>>(withOwnPlayers(config, options));
  return runInDirectory({ config: resolved, out }, hooks);
}

/**
 * Continues the run in `runDirectory` from its last committed epoch, with its stored config (`epochs` may raise its
 * epoch count); it ends with the summary an uninterrupted run would have. Worlds and players of the caller's own are
 * found by name in the same registry `runCoevolution` was given (`domains`, `agents`, `simulators`); a player object
 * must be given again as `agent` or `simulator`.
 */
export async function resumeCoevolution(
  runDirectory: string,
  options: Omit<CoevolutionOptions, 'out'> & { epochs?: number } = {},
): Promise<CoevolutionResult> {
  const { epochs, ...hooks } = options;
  checkRegistry(hooks);
  return runInDirectory({ resume: runDirectory, epochs }, hooks);
}
