import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedStudent } from '../policies/student/student.ts';
import { HUGE_BODY, hostileRequests, sendHostile } from './hostile-requests.ts';
import { ServeClient, runTrainerLoop } from '../serve-client/client.ts';
import { crashCheck, freePort, killed, startServer, uninterruptedPools, vanishing } from './serve-crash-check.ts';

/** Options of `genenv bench --suite serve`. */
export interface ServeBenchOptions {
  /** reset + step pairs in the throughput run (10⁶ in the full bench). */
  steps: number;
  /** Concurrent sessions of the throughput run. */
  sessions: number;
  /** kill -9 moments of the crash check. */
  kills: number;
  /** Hostile requests of the robustness check. */
  hostile: number;
}

/** The throughput run's curriculum: the student preset, 64 task types × 8 variations × 16 attempts an epoch. */
const THROUGHPUT_FLAGS = ['--preset', 'student', '--tasks-per-epoch', '64', '--variations', '8', '--samples', '16'];
const ATTEMPTS_PER_EPOCH = 64 * 8 * 16;

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! : Number.NaN;

/**
 * Throughput on loopback: a `genenv serve` child (student preset, 64 task types × 8 variations × 16 attempts
 * an epoch) driven by `sessions` concurrent reset → answer → step loops from this process. Reports pairs/s
 * after a warm-up, latency percentiles of a whole pair, and the server's resident memory over the run.
 */
async function throughput(options: ServeBenchOptions): Promise<Record<string, number>> {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-serve-bench-'));
  const port = await freePort();
  const epochs = Math.ceil(options.steps / ATTEMPTS_PER_EPOCH) + 1;
  const flags = [...THROUGHPUT_FLAGS, '--epochs', String(epochs), '--port', String(port), '--out', directory];
  const child = await startServer(flags);
  const client = new ServeClient(`http://127.0.0.1:${port}`, undefined, options.sessions);
  const memory: number[] = [];
  const sampler = setInterval(async () => {
    const state = await client.get('/state').catch(() => null);
    const rss = (state?.body?.memory_mb as { rss?: number } | undefined)?.rss;
    if (rss !== undefined) memory.push(rss);
  }, 1000);
  try {
    const warmup = Math.min(20_000, Math.floor(options.steps / 10));
    const student = () => new SimulatedStudent({ learningRate: 0 });
    const loop = (steps: number) =>
      runTrainerLoop({
        client,
        student: student(),
        concurrency: options.sessions,
        groupsPerUpdate: Number.POSITIVE_INFINITY,
        seed: 1,
        maxSteps: steps,
        keepAcknowledged: false,
      });
    await loop(warmup);
    const memoryAfterWarmup = memory.at(-1) ?? Number.NaN;
    const cpuSeconds = async () => Number((await client.get('/state')).body?.cpu_seconds);
    const cpuBefore = await cpuSeconds();
    const started = performance.now();
    const measured = await loop(options.steps - warmup);
    const seconds = (performance.now() - started) / 1000;
    const serverCpuMs = ((await cpuSeconds()) - cpuBefore) * 1000;
    const latencies = measured.latencies.sort((a, b) => a - b);
    return {
      'serve/sessions': options.sessions,
      'serve/pairs': measured.steps + warmup,
      'serve/pairsPerSecond': measured.steps / seconds,
      'serve/pairLatencyP50Ms': percentile(latencies, 0.5),
      'serve/pairLatencyP99Ms': percentile(latencies, 0.99),
      // Load-independent capacity: the server's CPU time per pair (one event loop = one core).
      'serve/serverCpuMsPerPair': serverCpuMs / measured.steps,
      'serve/pairsPerServerCoreSecond': (1000 * measured.steps) / serverCpuMs,
      'serve/loadAverage1m': loadavg()[0]!,
      'serve/rssAfterWarmupMb': memoryAfterWarmup,
      'serve/rssEndMb': memory.at(-1) ?? Number.NaN,
      'serve/rssMaxMb': Math.max(...memory),
    };
  } finally {
    clearInterval(sampler);
    client.close();
    await killed(child);
    rmSync(directory, { recursive: true, force: true });
  }
}

/** One served run to its end with `sessions` clients of which a share `vanish` vanish mid-episode. */
async function runToEnd(options: { sessions: number; epochs: number; vanish: number }) {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-serve-straggler-'));
  const port = await freePort();
  const flags = [...THROUGHPUT_FLAGS, '--epochs', String(options.epochs), '--port', String(port)];
  const child = await startServer([...flags, '--out', directory]);
  const client = new ServeClient(`http://127.0.0.1:${port}`, undefined, options.sessions);
  try {
    const perWorker = (ATTEMPTS_PER_EPOCH * (options.epochs + 1)) / options.sessions;
    const started = performance.now();
    const result = await runTrainerLoop({
      client,
      student: new SimulatedStudent({ learningRate: 0 }),
      concurrency: options.sessions,
      groupsPerUpdate: Number.POSITIVE_INFINITY,
      seed: 1,
      keepAcknowledged: false,
      // Each vanishing client leaves within the first half of the run, so every epoch may hold stragglers.
      vanishes: vanishing(options.sessions, options.vanish, 7, Math.floor(perWorker / 2)),
    });
    const seconds = (performance.now() - started) / 1000;
    const state = (await client.get('/state')).body!;
    return { seconds, ...result, closedEpochs: Number(state.closed_epochs), finished: state.finished === true };
  } finally {
    client.close();
    await killed(child);
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * Stragglers: the same served curriculum run to its end twice with `sessions` clients, fault-free and with
 * a tenth of the clients vanishing mid-episode (each resets and never steps, as a trainer process that died).
 * Reports the counted attempts per second of both, their ratio, and whether every epoch closed.
 */
async function stragglerCheck(options: ServeBenchOptions): Promise<Record<string, number>> {
  const epochs = Math.max(2, Math.round(options.steps / ATTEMPTS_PER_EPOCH / 16)) - 1;
  const attempts = ATTEMPTS_PER_EPOCH * (epochs + 1);
  const faultFree = await runToEnd({ sessions: options.sessions, epochs, vanish: 0 });
  const straggling = await runToEnd({ sessions: options.sessions, epochs, vanish: 0.1 });
  const faultFreeRate = attempts / faultFree.seconds;
  const rate = attempts / straggling.seconds;
  return {
    'straggler/sessions': options.sessions,
    'straggler/vanished': straggling.vanished,
    'straggler/epochs': epochs + 1,
    'straggler/epochsClosed': straggling.finished ? straggling.closedEpochs : 0,
    'straggler/faultFreeEpochsClosed': faultFree.finished ? faultFree.closedEpochs : 0,
    'straggler/faultFreeAttemptsPerSecond': faultFreeRate,
    'straggler/attemptsPerSecond': rate,
    'straggler/throughputRatio': rate / faultFreeRate,
    'straggler/duplicates': straggling.duplicates,
  };
}

/** Rows of the service log and the run database, to show hostile requests changed nothing. */
function storedRows(directory: string): string {
  const rows = (file: string, tables: string[]) => {
    const database = new Database(join(directory, file), { readonly: true });
    try {
      return tables.map((table) => JSON.stringify(database.prepare(`SELECT * FROM ${table}`).all()));
    } finally {
      database.close();
    }
  };
  return [...rows('serve.sqlite', ['rounds', 'outcomes']), ...rows('run.sqlite', ['epochs', 'traces'])].join('\n');
}

/**
 * Hostile requests against an exposed-style server (bearer token required): each must be refused with a
 * 4xx and a one-line reason, the process must stay up, and the stored rows must not change.
 */
export async function hostileCheck(count: number): Promise<Record<string, number>> {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-serve-hostile-'));
  const port = await freePort();
  const token = 'bench-token-0123456789abcdef';
  const child = await startServer(
    ['--preset', 'student', '--port', String(port), '--out', directory, '--token-env', 'GENENV_BENCH_TOKEN'],
    { GENENV_BENCH_TOKEN: token },
  );
  const client = new ServeClient(`http://127.0.0.1:${port}`, token);
  try {
    const episodeIds: string[] = [];
    const requestIds: string[] = [];
    for (let index = 0; index < 8; index++) {
      const episode = (await client.post('/reset', {})).body!.observation as { episode_id: string };
      await client.post('/step', {
        episode_id: episode.episode_id,
        request_id: `known-${index}`,
        action: { text: '1' },
      });
      episodeIds.push(episode.episode_id);
      requestIds.push(`known-${index}`);
    }
    const before = storedRows(directory);
    const answers = await sendHostile(client.baseUrl, hostileRequests(count, 11, { episodeIds, requestIds, token }));
    const refused = answers.filter((answer) => answer.status >= 400 && answer.status < 500 && answer.reason).length;
    const others = answers.filter((answer) => !(answer.status >= 400 && answer.status < 500 && answer.reason));
    const alive = child.exitCode === null && (await client.get('/health')).status === 200;
    return {
      'hostile/requests': count,
      'hostile/refusedWithReason': refused,
      'hostile/other': count - refused,
      // Of those, over-limit bodies whose connection closed before the 413 could be read.
      'hostile/otherHugeBodies': others.filter((answer) => answer.kind === HUGE_BODY).length,
      'hostile/crashes': alive ? 0 : 1,
      'hostile/storedRowsChanged': storedRows(directory) === before ? 0 : 1,
    };
  } finally {
    client.close();
    await killed(child);
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * `genenv bench --suite serve`: throughput, p99, memory, the straggler case, the kill -9 check (with a tenth
 * of the clients vanishing and a one-second lease) and the hostile-request check.
 */
export async function runServeBenchmark(options: ServeBenchOptions): Promise<Record<string, number>> {
  const results: Record<string, number> = { ...(await throughput(options)) };
  Object.assign(results, await stragglerCheck(options));
  // Enough epochs that the server is still working when the last of the kills comes on a fast machine.
  const epochs = 16;
  const [crashed, reference] = await Promise.all([
    crashCheck({ kills: options.kills, epochs, seed: 3, lease: 1, vanish: 0.1 }),
    uninterruptedPools({ epochs, seed: 3 }),
  ]);
  Object.assign(results, {
    'kill9/kills': crashed.kills,
    'kill9/vanishedClients': crashed.vanished,
    'kill9/acknowledged': crashed.acknowledged,
    'kill9/duplicates': crashed.duplicates,
    'kill9/lost': crashed.lost,
    'kill9/doubled': crashed.doubled,
    'kill9/poolsEqualUninterrupted': crashed.pools === reference ? 1 : 0,
    'kill9/seconds': crashed.seconds,
  });
  Object.assign(results, await hostileCheck(options.hostile));
  return results;
}
