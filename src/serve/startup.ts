/**
 * Start-up and shutdown of `genenv serve`: the refusal to listen beyond this machine without a token, the check that
 * a port can be listened on, and the wiring of a served run: outcome log, curriculum driver, episode service and
 * endpoints, restored from the run directory before it listens, closed in order when it stops.
 */
import { createServer } from 'node:net';
import type { Domain, RunConfig, TrainableSimulator } from '../interfaces/index.ts';
import { GenEnvError } from '../interfaces/index.ts';
import type { RunStore } from '../store/run-store.ts';
import { RandomStreams } from '../core/index.ts';
import { CurriculumDriver } from './curriculum-driver.ts';
import { OutcomeLog } from './outcome-log.ts';
import { RecordingSimulator, servedRunContext } from './run-context.ts';
import { buildServer } from './endpoints.ts';
import { EpisodeService } from './episodes.ts';
import { DEFAULT_LIMITS, type ServeLimits } from './limits.ts';

/** What `startServe` needs: an opened run directory with its config, domain and simulator, and where to listen. */
export interface ServeInput {
  config: RunConfig;
  domain: Domain;
  simulator: TrainableSimulator;
  store: RunStore;
  host: string;
  /** 0 picks a free port. */
  port: number;
  token: string | null;
  /** Rounds opened ahead of the closed ones (0: the schedule of `genenv run`; 1: default). Fixed per run. */
  prefetch?: 0 | 1;
  limits?: Partial<ServeLimits>;
}

/** A service listening at `url`. */
export interface RunningServer {
  url: string;
  service: EpisodeService;
  /** Stops accepting, flushes the log, closes the run's files. Idempotent. */
  close(): Promise<void>;
}

/** Hosts that only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The error of a service that cannot listen on `host:port`, naming the cause where the system gives a known one. */
function listenFailure(host: string, port: number, error: unknown): GenEnvError {
  const code = (error as NodeJS.ErrnoException).code;
  const cause =
    code === 'EADDRINUSE'
      ? 'the port is in use'
      : code === 'EACCES'
        ? 'permission denied (ports below 1024 need privileges)'
        : code === 'EADDRNOTAVAIL'
          ? 'no interface of this machine has that address'
          : (error as Error).message;
  return new GenEnvError('service', `cannot listen on ${host}:${port}: ${cause}`, { cause: error });
}

/**
 * Checks that the service could listen on `host:port` now, by listening there and closing at once: a start checks
 * this before it writes anything or warms up, so a port in use refuses it in a moment. (Port 0 always can.)
 */
export async function checkListenable(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host, port }, () => probe.close(() => resolve()));
    });
  } catch (error) {
    throw listenFailure(host, port, error);
  }
}

/**
 * Starts `genenv serve` on an opened run directory: restores the curriculum (warm start, or the state
 * of the last committed epoch with its open rounds), then listens. Loopback only unless a token is set.
 */
export async function startServe(input: ServeInput): Promise<RunningServer> {
  if (!isLoopback(input.host) && input.token === null)
    throw new GenEnvError(
      'usage',
      `host ${input.host} exposes the service beyond this machine: it needs a bearer token`,
    );
  const limits = { ...DEFAULT_LIMITS, ...input.limits };
  const log = new OutcomeLog(input.store.directory);
  const streams = new RandomStreams(input.config.seed);
  const proposeSeeds = new Map(
    Array.from({ length: input.config.epochs + 1 }, (_, epoch) => [streams.propose(epoch), epoch] as const),
  );
  const simulator = new RecordingSimulator(input.simulator, (seed, proposals) => {
    const epoch = proposeSeeds.get(seed);
    if (epoch === undefined) throw new GenEnvError('internal', 'the simulator proposed outside any served epoch');
    log.saveRound(epoch, proposals);
  });
  let driver: CurriculumDriver;
  try {
    const stored = log.setting('prefetch', String(input.prefetch ?? 1));
    if (input.prefetch !== undefined && stored !== String(input.prefetch))
      throw new GenEnvError('usage', `this served run uses prefetch ${stored}; it cannot change on resume`);
    const prefetch = stored === '0' ? 0 : 1;
    const run = servedRunContext(input.config, input.domain, simulator, input.store, prefetch);
    driver = new CurriculumDriver(run, simulator, log, prefetch, limits.leaseMs);
    await driver.start();
  } catch (error) {
    log.close();
    throw error instanceof GenEnvError
      ? error
      : new GenEnvError('store', `cannot start the curriculum: ${(error as Error).message}`, { cause: error });
  }
  const service = new EpisodeService(input.config, input.domain, driver, log, limits);
  const app = await buildServer(service, input.domain, { token: input.token, ...limits });
  let address: string;
  try {
    address = await app.listen({ host: input.host, port: input.port });
  } catch (error) {
    service.stop();
    log.close();
    throw listenFailure(input.host, input.port, error);
  }
  let closing: Promise<void> | null = null;
  return {
    url: address,
    service,
    close: () => {
      closing ??= (async () => {
        service.stop();
        await app.close();
        log.close();
      })();
      return closing;
    },
  };
}
