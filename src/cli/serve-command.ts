import type { Command } from 'commander';
import { GenEnvError, type RunConfig, type RunConfigInput } from '../interfaces/index.ts';
import { servePlan } from '../serve/run-context.ts';
import { RunStore } from '../store/run-store.ts';
import { resolveRunConfig } from '../composition/config-resolution.ts';
import { integerFlag, numberFlag } from '../composition/flags.ts';
import { DEFAULT_PRESET, PRESETS } from '../composition/presets.ts';
import type { CommandOutput } from './command-output.ts';
import { createDomain, createTrainableSimulator } from '../composition/registry.ts';
import { listenForStop, type StopRequested, whenAborted } from '../composition/stop-signals.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';

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

/** Opens (--resume) or creates the served run's directory; only --epochs may change on resume. */
function openStore(options: ServeCommandOptions): RunStore {
  if (options.resume === undefined) {
    const config = resolveRunConfig({
      preset: options.preset,
      configFile: options.config,
      overrides: { ...options.overrides, agent: { policy: 'external', options: {} } },
    });
    // A config the service cannot serve is refused before the run directory exists.
    servePlan(config);
    return RunStore.create(options.out ?? timestampedRunFolder(`serve-${config.preset}`), config, { kind: 'service' });
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
  const store = RunStore.open(options.resume, { kind: 'service' });
  const epochs = options.overrides.epochs;
  if (epochs !== undefined && epochs !== store.config.epochs) {
    if (epochs < (store.lastCommittedEpoch() ?? 0))
      throw new GenEnvError('usage', `--epochs ${epochs} is below the epochs already committed`);
    store.updateConfig({ ...store.config, epochs } as RunConfig);
  }
  return store;
}

function tokenFrom(name: string | undefined): string | null {
  if (name === undefined) return null;
  const value = process.env[name];
  if (!value) throw new GenEnvError('usage', `--token-env ${name}: the environment variable ${name} is empty or unset`);
  if (value.length < 16)
    throw new GenEnvError('usage', `--token-env ${name}: the token must have at least 16 characters`);
  return value;
}

/**
 * `genenv serve`: the co-evolving curriculum as an environment service that an external trainer drives
 * (OpenEnv HTTP/WebSocket, OpenRLHF reward endpoint). Runs until SIGINT/SIGTERM (or, under npx, until npm's
 * shell is gone), then closes after its in-flight writes, writes the report and exits 0.
 */
export async function serveCommand(options: ServeCommandOptions, out: (text: string) => void): Promise<void> {
  const token = tokenFrom(options.tokenEnv);
  const { startServe, isLoopback } = await import('../serve/startup.ts');
  // Checked before the run directory is created, so a refused start leaves nothing behind.
  if (!isLoopback(options.host) && token === null)
    throw new GenEnvError(
      'usage',
      `--host ${options.host} is not loopback: give --token-env NAME (bearer token in $NAME)`,
    );
  const store = openStore(options);
  const config = store.config;
  // Listening from here: a signal during the warm-up stops the service as soon as it is up, with nothing lost.
  const stop = listenForStop();
  let server: Awaited<ReturnType<typeof startServe>> | null = null;
  let committed = false;
  try {
    for (const line of servePlan(config).lines) out(`genenv serve: ${line}\n`);
    const starting =
      store.lastCommittedEpoch() === null ? 'warming up the simulator, opening epoch 0' : 'restoring the curriculum';
    out(`genenv serve: ${starting}\n`);
    const domain = await createDomain(config.domain.name, config.domain.options);
    const simulator = await createTrainableSimulator({
      spec: config.simulator.policy,
      domain,
      options: config.simulator.options,
      seed: config.seed,
      runDirectory: store.directory,
    });
    server = await startServe({
      config,
      domain,
      simulator,
      store,
      host: options.host,
      port: options.port,
      token,
      ...(options.prefetch !== undefined ? { prefetch: options.prefetch === 0 ? 0 : 1 } : {}),
      limits: {
        ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
        ...(options.idleTimeout !== undefined ? { idleMs: options.idleTimeout * 1000 } : {}),
        ...(options.lease !== undefined ? { leaseMs: options.lease * 1000 } : {}),
        ...(options.resetWait !== undefined ? { resetWaitMs: options.resetWait * 1000 } : {}),
      },
    });
    out(`genenv serve: listening on ${server.url} (run directory ${store.directory})\n`);
    await whenAborted(stop.signal);
    out(`genenv serve: ${(stop.signal.reason as StopRequested).signal}: finishing in-flight writes and closing\n`);
  } finally {
    // The listeners stay until the service is closed: a second signal meanwhile exits at once.
    await server?.close();
    stop.dispose();
    committed = store.lastCommittedEpoch() !== null;
    store.close();
  }
  if (committed) {
    const { buildReport } = await import('../report/index.ts');
    out(`report written: ${await buildReport(store.directory)}\n`);
  }
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
      'an episode not stepped within s seconds expires (default 600)',
      numberFlag('--idle-timeout'),
    )
    .option(
      '--lease <s>',
      'an attempt not stepped within s seconds is handed out again; the first scored answer counts (default 60)',
      numberFlag('--lease'),
    )
    .option(
      '--reset-wait <s>',
      'how long a reset waits for a task before a 503 (default 45)',
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
