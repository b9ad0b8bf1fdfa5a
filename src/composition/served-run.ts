/**
 * The service as a library call: `serve(options)` resolves the config, opens (or resumes) the served run's directory,
 * builds the world and the simulator, restores the curriculum, listens, and returns a handle that closes it all.
 * `genenv serve` is this call between its flags and a stop signal. A start that fails leaves nothing behind in the run
 * directory: a port in use is found before anything is written, and any later failure removes what the start made.
 */
import { existsSync } from 'node:fs';
import type { DomainFactory } from '../domains/define-domain.ts';
import { GenEnvError, type RunConfig, type TrainableSimulator } from '../interfaces/index.ts';
import { servePlan } from '../serve/run-context.ts';
import type { ServeLimits } from '../serve/limits.ts';
import type { RunningServer } from '../serve/startup.ts';
import type { RunStore } from '../store/run-store.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';
import type { CoevolutionConfig, ExtraNames, NoExtraNames, RegistryNames } from './config-input.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { raiseEpochs } from './raise-epochs.ts';
import { createDomain, createTrainableSimulator, type PlayerRegistry } from './registry.ts';

/** The shortest bearer token the service takes. */
export const MIN_TOKEN_LENGTH = 16;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 8000;

/** How a service listens and what it is told at start, whichever run directory it serves. */
export interface ServeSettings {
  /** Worlds of the caller's own by name (e.g. written with `defineDomain`), beside the built-in ones. */
  domains?: Readonly<Record<string, DomainFactory>>;
  /** Simulators of the caller's own by the names a config gives them (`simulator.policy`). */
  simulators?: PlayerRegistry['simulators'];
  /** The interface to listen on (default `127.0.0.1`); beyond loopback a `token` is required. */
  host?: string;
  /** The port (default 8000); 0 picks a free one, which `url` then names. */
  port?: number;
  /** The bearer token every request but `/health` must carry (16 characters or more); none: no authentication. */
  token?: string;
  /** 1 (default): the next epoch opens once the current one is handed out; 0: once it closes, as `genenv run` does. Fixed per run. */
  prefetch?: 0 | 1;
  /** Limits over the defaults (milliseconds, bytes and counts; docs/serving.md §3 and §4). */
  limits?: Partial<ServeLimits>;
  /** Told each line of what the service serves and what it leaves to the trainer, and what it does at start. */
  onLine?: (line: string) => void;
  /** Whether `close()` writes report.html once an epoch has closed (default true). */
  report?: boolean;
}

/**
 * What `serve` starts: a new served run (`config` over its preset, in `out`, default `runs/<timestamp>-serve-<preset>`)
 * or the one in `resume`, with its stored config (`epochs` may raise its epoch count).
 */
export type ServeOptions<Extra extends ExtraNames = NoExtraNames> = ServeSettings &
  (
    | { config?: CoevolutionConfig<Extra>; out?: string; resume?: never; epochs?: never }
    | { resume: string; epochs?: number; config?: never; out?: never }
  );

/** A running service. */
export interface ServeHandle {
  /** Where it listens, e.g. `http://127.0.0.1:8000`. */
  readonly url: string;
  /** The served run's directory. */
  readonly directory: string;
  /** The report.html that `close()` wrote; null until then, and when no epoch had closed (or `report` is false). */
  readonly reportPath: string | null;
  /**
   * Stops taking requests, finishes the writes in flight, closes the simulator and the run directory and writes
   * report.html (once an epoch has closed). Idempotent: every call returns the same promise.
   */
  close(): Promise<void>;
}

/** Where a service starts: a new run directory for a resolved config, or a served run to resume. */
export type ServeStart = { config: RunConfig; out?: string } | { resume: string; epochs?: number };

/**
 * A run config as the service runs it: the preset's fields, a config file's and the caller's, with the trainer behind
 * the protocol as the agent. GenEnvError('config') when it is invalid; whether it can be served is `serveInDirectory`'s
 * first check.
 */
export function resolveServedConfig(input: { preset?: string; configFile?: string; overrides?: object }): RunConfig {
  return resolveRunConfig({
    preset: input.preset,
    configFile: input.configFile,
    overrides: { ...input.overrides, agent: { policy: 'external', options: {} } },
  });
}

/**
 * Creates the served run's directory, or opens one to resume (only its epoch count may change): a folder made by
 * `genenv run` is refused, as a served folder is by a run's resume (RunStore.open). `discard` undoes a failed start:
 * it closes the directory and, for a new one, removes what the start wrote (the folder too, when it made it).
 */
export async function openServedRun(start: ServeStart): Promise<{ store: RunStore; discard: () => void }> {
  const { RunStore } = await import('../store/run-store.ts');
  if ('config' in start) {
    const directory = start.out ?? timestampedRunFolder(`serve-${start.config.preset}`);
    const madeFolder = !existsSync(directory);
    const store = RunStore.create(directory, start.config, { kind: 'service' });
    return { store, discard: () => store.discard(madeFolder) };
  }
  const store = RunStore.open(start.resume, { kind: 'service' });
  try {
    raiseEpochs(store, start.epochs);
  } catch (error) {
    store.close();
    throw error;
  }
  return { store, discard: () => store.close() };
}

/**
 * Serves a run directory: checks where it will listen, opens the directory, builds the world and the simulator,
 * restores the curriculum (warm start, or the state of the last committed epoch with its open rounds) and listens.
 * Nothing is written before the config is resolved and the port found free; a failure after that removes what the
 * start made (a resumed run is left as it was).
 */
export async function serveInDirectory(start: ServeStart, settings: ServeSettings = {}): Promise<ServeHandle> {
  // Loaded here: fastify is what `import('genenv')` should not pay for.
  const { checkListenable, isLoopback, startServe } = await import('../serve/startup.ts');
  const host = settings.host ?? DEFAULT_HOST;
  const port = settings.port ?? DEFAULT_PORT;
  const token = settings.token ?? null;
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new GenEnvError(
      'config',
      `the bearer token has ${token.length} characters; it needs ${MIN_TOKEN_LENGTH} or more`,
    );
  if (!isLoopback(host) && token === null)
    throw new GenEnvError('config', `host ${host} is not loopback: the service needs a bearer token to listen there`);
  // A config the service cannot serve, and a port it cannot listen on, are refused before the directory exists.
  if ('config' in start) servePlan(start.config);
  await checkListenable(host, port);
  const { store, discard } = await openServedRun(start);
  let simulator: TrainableSimulator | null = null;
  let server: RunningServer;
  try {
    const config = store.config;
    for (const line of servePlan(config).lines) settings.onLine?.(line);
    settings.onLine?.(
      store.lastCommittedEpoch() === null ? 'warming up the simulator, opening epoch 0' : 'restoring the curriculum',
    );
    const domain = await createDomain(config.domain.name, config.domain.options, settings.domains);
    simulator = await createTrainableSimulator(
      {
        spec: config.simulator.policy,
        domain,
        options: config.simulator.options,
        seed: config.seed,
        runDirectory: store.directory,
      },
      settings.simulators,
    );
    await simulator.ready?.();
    server = await startServe({
      config,
      domain,
      simulator,
      store,
      host,
      port,
      token,
      ...(settings.prefetch !== undefined ? { prefetch: settings.prefetch } : {}),
      ...(settings.limits !== undefined ? { limits: settings.limits } : {}),
    });
  } catch (error) {
    // The start's own error is the one to report: a simulator that also fails to close must not hide it.
    await simulator?.close?.().catch(() => undefined);
    discard();
    throw error;
  }
  return servedHandle(server, simulator, store, settings.report !== false);
}

/** The handle of a service that listens: one close, in order, then the report. */
function servedHandle(
  server: RunningServer,
  simulator: TrainableSimulator,
  store: RunStore,
  report: boolean,
): ServeHandle {
  let closing: Promise<void> | null = null;
  let reportPath: string | null = null;
  const closeAll = async () => {
    let committed: boolean;
    try {
      await server.close();
      await simulator.close?.();
    } finally {
      committed = store.lastCommittedEpoch() !== null;
      store.close();
    }
    if (committed && report) reportPath = (await import('../report/index.ts')).writeReport(store.directory);
  };
  return {
    url: server.url,
    directory: store.directory,
    get reportPath() {
      return reportPath;
    },
    close: () => {
      closing ??= closeAll();
      return closing;
    },
  };
}

/**
 * Starts `genenv serve` from a program: a new served run of `options.config` over its preset (in `options.out`), or
 * the served run in `options.resume`. Resolves once the service listens, with a handle whose `close()` stops it.
 * Throws GenEnvError: 'config' for a config it cannot serve or a missing token beyond loopback, 'service' when it
 * cannot listen; either way before anything is written. A world of the caller's own comes in `options.domains`.
 */
export function serve<
  Domains extends Readonly<Record<string, DomainFactory>> = Record<never, never>,
  Simulators extends Readonly<Record<string, NonNullable<PlayerRegistry['simulators']>[string]>> = Record<never, never>,
>(
  options: ServeOptions<RegistryNames<Domains, Record<never, never>, Simulators>> & {
    domains?: Domains;
    simulators?: Simulators;
  } = {},
): Promise<ServeHandle> {
  const start: ServeStart =
    options.resume !== undefined
      ? { resume: options.resume, ...(options.epochs !== undefined ? { epochs: options.epochs } : {}) }
      : {
          config: resolveServedConfig({ preset: options.config?.preset, overrides: options.config }),
          out: options.out,
        };
  return serveInDirectory(start, options);
}
