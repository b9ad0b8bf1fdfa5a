import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedStudent } from '../policies/student/student.ts';
import { Random } from '../util/random.ts';
import { ServeClient, runTrainerLoop } from '../serve-client/client.ts';

const BIN = fileURLToPath(new URL('../../bin/genenv.js', import.meta.url));

/** The served curriculum of the crash check: the student preset, 8 × 2 × 8 = 128 attempts an epoch. */
export const CRASH_FLAGS = ['--preset', 'student', '--tasks-per-epoch', '8', '--variations', '2', '--samples', '8'];

export interface CrashCheckResult {
  kills: number;
  acknowledged: number;
  /** Acknowledged steps answered as duplicates (another copy of their attempt was counted). */
  duplicates: number;
  /** Clients that vanished mid-episode. */
  vanished: number;
  /** Acknowledged outcomes missing from the log, or logged with another reward. */
  lost: number;
  /** Attempts stored more than once, and epochs whose trace count is not n × G × task types. */
  doubled: number;
  /** The run's pools and traces, as comparable text (see `poolsOf`). */
  pools: string;
  seconds: number;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      server.close(() => resolve(address.port));
    });
  });
}

/** Starts `genenv serve` in a child process and waits until it listens. */
export function startServer(args: string[], environment: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...environment },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`genenv serve exited (${code}): ${output.trim().slice(-300)}`)));
  });
}

/** Kills a child with SIGKILL (as `kill -9`) and waits for its exit. */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** Pools and traces of a served run directory as one comparable text (no wall times, no completions). */
export function poolsOf(directory: string): string {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
  try {
    const query = (sql: string) => JSON.stringify(database.prepare(sql).all());
    return [
      query('SELECT id, epoch, valid, success_rate, env_reward, in_band, weight FROM proposals ORDER BY epoch, id'),
      query('SELECT * FROM pool_env ORDER BY epoch, proposal_id'),
      query(`SELECT t.epoch, t.proposal_id, t.instance_id, t.sample, t.reward, t.success FROM pool_train p
        JOIN traces t ON t.id = p.trace_id ORDER BY t.epoch, t.proposal_id, t.instance_id, t.sample`),
    ].join('\n');
  } finally {
    database.close();
  }
}

/** A deterministic trainer: a student that never updates, so each answer depends on (task, attempt) only. */
const frozenStudent = () => new SimulatedStudent({ learningRate: 0 });

/** Options of the crash check. */
export interface CrashCheckOptions {
  kills: number;
  epochs: number;
  seed: number;
  /** Concurrent clients (default 64). */
  clients?: number;
  /** The service's lease in seconds (default: the service's own). */
  lease?: number;
  /** Share of the clients that vanish mid-episode, each after a random number of episodes (default 0). */
  vanish?: number;
}

/**
 * Which workers vanish, and when: the first `share` of `clients`, each in its k-th episode, k drawn from
 * `seed` below `within` (so they vanish while the run goes on). That episode is reset and never stepped.
 */
export function vanishing(
  clients: number,
  share: number,
  seed: number,
  within: number,
): (worker: number, serial: number) => boolean {
  const random = new Random(seed);
  const at = Array.from({ length: Math.round(clients * share) }, () => random.int(0, Math.max(0, within - 1)));
  return (worker, serial) => at[worker] === serial;
}

/**
 * `kill -9` under load: 64 clients drive a served run while the server is killed at `kills` random moments
 * and restarted with `--resume` on the same port; some clients may vanish mid-episode, leaving their attempts
 * to leases and backups. Afterwards every acknowledged outcome must be in the log with its reward, each
 * attempt counted once, and the pools equal to those of an uninterrupted run.
 */
export async function crashCheck(options: CrashCheckOptions) {
  const started = performance.now();
  const directory = mkdtempSync(join(tmpdir(), 'genenv-crash-'));
  const port = await freePort();
  const lease = options.lease === undefined ? [] : ['--lease', String(options.lease)];
  const flags = [...CRASH_FLAGS, '--epochs', String(options.epochs), '--port', String(port), ...lease];
  let child = await startServer([...flags, '--out', directory]);
  const clients = options.clients ?? 64;
  const client = new ServeClient(`http://127.0.0.1:${port}`, undefined, clients);
  const loop = runTrainerLoop({
    client,
    student: frozenStudent(),
    concurrency: clients,
    groupsPerUpdate: Number.POSITIVE_INFINITY,
    seed: options.seed,
    retryMs: 20,
    // Half of the episodes a worker plays on average, so each vanishes mid-run.
    vanishes: vanishing(
      clients,
      options.vanish ?? 0,
      options.seed,
      Math.floor((128 * (options.epochs + 1)) / clients / 2),
    ),
  });
  const random = new Random(options.seed);
  let kills = 0;
  let finished = false;
  void loop.finally(() => {
    finished = true;
  });
  while (kills < options.kills && !finished) {
    await new Promise((resolve) => setTimeout(resolve, random.int(50, 500)));
    if (finished) break;
    await killed(child);
    kills++;
    child = await startServer(['--resume', directory, '--port', String(port), ...lease]);
  }
  const result = await loop;
  client.close();
  await killed(child);
  const counts = countLogged(directory, result.acknowledged, options.epochs);
  const pools = poolsOf(directory);
  rmSync(directory, { recursive: true, force: true });
  return {
    kills,
    acknowledged: result.acknowledged.size,
    duplicates: result.duplicates,
    vanished: result.vanished,
    ...counts,
    pools,
    seconds: (performance.now() - started) / 1000,
  } satisfies CrashCheckResult;
}

/**
 * Acknowledged outcomes missing from the log (counted or duplicate, or logged with another reward), and
 * attempts counted twice: counted more often than stored, or epochs whose trace count is not 8 × 2 × 8 (or a
 * missing epoch).
 */
function countLogged(
  directory: string,
  acknowledged: ReadonlyMap<string, number>,
  epochs: number,
): { lost: number; doubled: number } {
  const log = new Database(join(directory, 'serve.sqlite'), { readonly: true });
  type Row = { episode_id: string; reward: number };
  const rows = log.prepare('SELECT episode_id, reward FROM outcomes').all() as Row[];
  const duplicates = log.prepare('SELECT episode_id, reward FROM duplicates').all() as Row[];
  log.close();
  const rewards = new Map(rows.map((row) => [row.episode_id, row.reward]));
  const answered = new Map([...rewards, ...duplicates.map((row) => [row.episode_id, row.reward] as const)]);
  const lost = [...acknowledged].filter(([episode, reward]) => answered.get(episode) !== reward).length;
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
  const perEpoch = database.prepare('SELECT epoch, COUNT(*) AS n FROM traces GROUP BY epoch').all() as {
    epoch: number;
    n: number;
  }[];
  database.close();
  const stored = perEpoch.reduce((sum, row) => sum + row.n, 0);
  const wrongEpochs = perEpoch.filter((row) => row.n !== 8 * 2 * 8).length + (epochs + 1 - perEpoch.length);
  return { lost, doubled: Math.max(0, rewards.size - stored) + wrongEpochs };
}

/** The same served run without interruption, for comparison. */
export async function uninterruptedPools(options: { epochs: number; seed: number; clients?: number }): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-crash-ref-'));
  const port = await freePort();
  const child = await startServer([
    ...CRASH_FLAGS,
    '--epochs',
    String(options.epochs),
    '--port',
    String(port),
    '--out',
    directory,
  ]);
  const client = new ServeClient(`http://127.0.0.1:${port}`, undefined, options.clients ?? 64);
  await runTrainerLoop({
    client,
    student: frozenStudent(),
    concurrency: options.clients ?? 64,
    groupsPerUpdate: Number.POSITIVE_INFINITY,
    seed: options.seed,
  });
  client.close();
  await killed(child);
  const pools = poolsOf(directory);
  rmSync(directory, { recursive: true, force: true });
  return pools;
}
