import type { Command } from 'commander';
import { GenEnvError, type RunConfigInput } from '../interfaces/index.ts';
import {
  MIN_TOKEN_LENGTH,
  resolveServedConfig,
  type ServeHandle,
  type ServeStart,
  serveInDirectory,
} from '../composition/served-run.ts';
import { integerFlag, numberFlag } from '../composition/flags.ts';
import { DEFAULT_PRESET, PRESETS } from '../composition/presets.ts';
import { DEFAULT_LIMITS } from '../serve/limits.ts';
import type { CommandOutput } from './command-output.ts';
import { listenForStop, type StopRequested, whenAborted } from '../composition/stop-signals.ts';

export interface ServeCommandOptions {
  preset?: string;
  config?: string;
  out?: string;
  resume?: string;
  host: string;
  port: number;
  tokenEnv?: string;
  maxSessions?: number;
  idleTimeout?: number;
  lease?: number;
  resetWait?: number;
  prefetch?: number;
  overrides: Partial<RunConfigInput>;
}

/** The service's defaults in the flags' unit, seconds. */
const DEFAULT_SECONDS = {
  idleTimeout: DEFAULT_LIMITS.idleMs / 1000,
  lease: DEFAULT_LIMITS.leaseMs / 1000,
  resetWait: DEFAULT_LIMITS.resetWaitMs / 1000,
};

/** What the flags start: a new served run of the config they resolve to, or --resume's (only --epochs may change). */
function serveStart(options: ServeCommandOptions): ServeStart {
  if (options.resume === undefined) {
    const config = resolveServedConfig({
      preset: options.preset,
      configFile: options.config,
      overrides: options.overrides,
    });
    return { config, ...(options.out !== undefined ? { out: options.out } : {}) };
  }
  const others = Object.entries({
    ...options.overrides,
    preset: options.preset,
    config: options.config,
    out: options.out,
  })
    .filter(([key, value]) => value !== undefined && key !== 'epochs')
    .map(([key]) => key);
  if (others.length)
    throw new GenEnvError(
      'usage',
      `--resume takes the run's stored config; only --epochs may change (got --${others[0]})`,
    );
  const { epochs } = options.overrides;
  return { resume: options.resume, ...(epochs !== undefined ? { epochs } : {}) };
}

function tokenFrom(name: string | undefined): string | null {
  if (name === undefined) return null;
  const value = process.env[name];
  if (!value) throw new GenEnvError('usage', `--token-env ${name}: the environment variable ${name} is empty or unset`);
  if (value.length < MIN_TOKEN_LENGTH)
    throw new GenEnvError('usage', `--token-env ${name}: the token must have at least ${MIN_TOKEN_LENGTH} characters`);
  return value;
}

/**
 * `genenv serve`: the co-evolving curriculum as an environment service that an external trainer drives
 * (OpenEnv HTTP/WebSocket, OpenRLHF reward endpoint): the flags as `serve`'s options, then the service until
 * SIGINT/SIGTERM (or, under npx, until npm's shell is gone); it closes after its in-flight writes, writes the report
 * and exits 0.
 */
export async function serveCommand(options: ServeCommandOptions, out: (text: string) => void): Promise<void> {
  const token = tokenFrom(options.tokenEnv);
  const { isLoopback } = await import('../serve/startup.ts');
  // Said in the flags' words here, before anything is written; the library refuses it too, in its own.
  if (!isLoopback(options.host) && token === null)
    throw new GenEnvError(
      'usage',
      `--host ${options.host} is not loopback: give --token-env NAME (bearer token in $NAME)`,
    );
  const start = serveStart(options);
  // Listening from here: a signal during the warm-up stops the service as soon as it is up, with nothing lost.
  const stop = listenForStop();
  let service: ServeHandle | null = null;
  try {
    service = await serveInDirectory(start, {
      host: options.host,
      port: options.port,
      ...(token !== null ? { token } : {}),
      ...(options.prefetch !== undefined ? { prefetch: options.prefetch === 0 ? 0 : 1 } : {}),
      limits: {
        ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
        ...(options.idleTimeout !== undefined ? { idleMs: options.idleTimeout * 1000 } : {}),
        ...(options.lease !== undefined ? { leaseMs: options.lease * 1000 } : {}),
        ...(options.resetWait !== undefined ? { resetWaitMs: options.resetWait * 1000 } : {}),
      },
      onLine: (line) => out(`genenv serve: ${line}\n`),
    });
    out(`genenv serve: listening on ${service.url} (run directory ${service.directory})\n`);
    await whenAborted(stop.signal);
    out(`genenv serve: ${(stop.signal.reason as StopRequested).signal}: finishing in-flight writes and closing\n`);
  } finally {
    // The listeners stay until the service is closed: a second signal meanwhile exits at once.
    await service?.close();
    stop.dispose();
  }
  if (service.reportPath !== null) out(`report written: ${service.reportPath}\n`);
}

/** The options and action of `genenv serve`. */
export function configureServeCommand(command: Command, output: CommandOutput): void {
  command
    .option('--preset <name>', `named preset (${Object.keys(PRESETS).join(', ')}; default ${DEFAULT_PRESET})`)
    .option('--config <file>', 'JSON file with run-config fields (over the preset)')
    .option('--out <dir>', 'run directory (default runs/<timestamp>-serve-<preset>)')
    .option('--resume <dir>', 'continue the served run in <dir> with its curriculum state')
    .option('--host <host>', 'interface to listen on (beyond loopback a token is required)', '127.0.0.1')
    .option('--port <n>', 'port (0 picks a free one)', integerFlag('--port'), 8000)
    .option('--token-env <name>', 'environment variable holding the bearer token clients must send')
    .option('--max-sessions <n>', 'open episodes (and WebSocket sessions) at most', integerFlag('--max-sessions'))
    .option(
      '--idle-timeout <s>',
      `an episode not stepped within s seconds expires (default ${DEFAULT_SECONDS.idleTimeout})`,
      numberFlag('--idle-timeout'),
    )
    .option(
      '--lease <s>',
      `an attempt not stepped within s seconds is handed out again; the first scored answer counts (default ${DEFAULT_SECONDS.lease})`,
      numberFlag('--lease'),
    )
    .option(
      '--reset-wait <s>',
      `how long a reset waits for a task before a 503 (default ${DEFAULT_SECONDS.resetWait})`,
      numberFlag('--reset-wait'),
    )
    .option(
      '--prefetch <n>',
      '1 (default): the next epoch opens when the current one is handed out (trainers that reset a whole ' +
        'batch); 0: when it closes, as in genenv run',
      integerFlag('--prefetch'),
    )
    .option('--epochs <n>', 'epochs (rounds of task types) to serve', integerFlag('--epochs'))
    .option('--seed <n>', 'random seed', integerFlag('--seed'))
    .option('--samples <n>', 'G: attempts per task instance (the trainer group size)', integerFlag('--samples'))
    .option('--variations <n>', 'n: instances per task type', integerFlag('--variations'))
    .option('--tasks-per-epoch <n>', 'task types per epoch', integerFlag('--tasks-per-epoch'))
    .action(async (flags: Record<string, unknown>) => {
      const overrides: Record<string, unknown> = {};
      for (const key of ['epochs', 'seed', 'samples', 'variations', 'tasksPerEpoch'])
        if (flags[key] !== undefined) overrides[key] = flags[key];
      if (flags.prefetch !== undefined && flags.prefetch !== 0 && flags.prefetch !== 1)
        throw new GenEnvError('usage', `--prefetch is 0 or 1, got ${flags.prefetch}`);
      if (flags.port !== undefined && ((flags.port as number) < 0 || (flags.port as number) > 65535))
        throw new GenEnvError('usage', `--port ${flags.port} is not a port number`);
      for (const [flag, value] of [
        ['--idle-timeout', flags.idleTimeout],
        ['--lease', flags.lease],
        ['--reset-wait', flags.resetWait],
      ] as const)
        if (value !== undefined && !((value as number) > 0))
          throw new GenEnvError('usage', `${flag} is a number of seconds above 0, got ${value}`);
      await serveCommand({ ...(flags as Omit<ServeCommandOptions, 'overrides'>), overrides }, output.out);
    });
}
