/**
 * Orchestration throughput of the OpenAI-compatible agent: rollouts per second against an instant
 * local server (a child process answering a fixed chat completion), with many requests in flight. It
 * measures genenv's own overhead (request building, HTTP, parsing, bookkeeping), not model speed.
 * Heap growth is measured between the first and the last of several equal rounds, after forced GCs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GenEnvError } from '../interfaces/errors.ts';
import type { AgentPrompt } from '../interfaces/task.ts';
import { createOpenAIAgent } from '../policies/openai/index.ts';

export interface OrchestrationBenchmarkResult {
  /** Completed single-sample rollouts per second over the timed rounds. */
  rolloutsPerSecond: number;
  /** Completed single-sample rollouts in the timed rounds (4 rounds of ⌊requests / 4⌋). */
  rollouts: number;
  /** Peak number of requests in flight observed by the client. */
  inFlight: number;
  /** Heap used after the last round minus after the first, in MB (after GC when available). */
  heapGrowthMegabytes: number;
  /**
   * CPU time (user + system) of this process per rollout, in µs. Less sensitive to other load on the
   * machine than wall time: 1e6 / this is the single-core ceiling of rollouts per second.
   */
  clientCpuMicrosecondsPerRollout: number;
}

/** The instant server, in plain JavaScript for `node -e`: one precomputed answer, keep-alive. */
const INSTANT_SERVER = `
const http = require('node:http');
const body = Buffer.from(JSON.stringify({ id: 'bench', object: 'chat.completion', created: 0, model: 'bench',
  choices: [{ index: 0, message: { role: 'assistant', content: 'The answer is 42.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 20, completion_tokens: 6, total_tokens: 26 } }));
const server = http.createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.maxRequestsPerSocket = 0;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('disconnect', () => process.exit(0));
`;

async function startInstantServer(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', INSTANT_SERVER], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(Number(text.trim()));
    });
    child.on('exit', (code) => reject(new GenEnvError('internal', `benchmark server exited with code ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}/v1`, child };
}

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return typeof gc === 'function' ? gc : () => undefined;
}

/**
 * Runs `requests` single-sample rollouts (default 20,000) in 4 rounds with up to `inFlight` requests in
 * flight (default 256), after a warm-up round. Takes a few seconds on 2 cores.
 */
export async function runOrchestrationBenchmark(
  options: { requests?: number; inFlight?: number } = {},
): Promise<OrchestrationBenchmarkResult> {
  const requests = options.requests ?? 20_000;
  const inFlight = options.inFlight ?? 256;
  if (!(Number.isInteger(requests) && requests >= 4))
    throw new GenEnvError('usage', `requests must be an integer ≥ 4, got ${requests}`);
  if (!(Number.isInteger(inFlight) && inFlight >= 1))
    throw new GenEnvError('usage', `inFlight must be an integer ≥ 1, got ${inFlight}`);
  const gc = collectGarbage();
  const { baseUrl, child } = await startInstantServer();
  const agent = await createOpenAIAgent({
    spec: `openai:${baseUrl}#bench`,
    options: { concurrency: inFlight, maxRetries: 0 },
    seed: 0,
  });
  try {
    const rounds = 4;
    const perRound = Math.floor(requests / rounds);
    const makePrompts = (round: number): AgentPrompt[] =>
      Array.from({ length: perRound }, (_, index) => ({
        id: `r${round}-${index}`,
        family: 'bench',
        text: 'What is 6 times 7?',
        messages: [{ role: 'user', content: `What is 6 times 7? (${round}-${index})` }],
        reference: { answer: '42', difficulty: 0 },
      }));
    await agent.act(makePrompts(-1).slice(0, Math.min(perRound, 2000)), { samples: 1, seed: 0 });
    const heaps: number[] = [];
    let completed = 0;
    let pausedMilliseconds = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let round = 0; round < rounds; round++) {
      const results = await agent.act(makePrompts(round), { samples: 1, seed: round });
      completed += results.length;
      if (round === 0 || round === rounds - 1) {
        // GC time is not orchestration time: keep it off the clock.
        const pause = performance.now();
        gc();
        heaps.push(process.memoryUsage().heapUsed);
        pausedMilliseconds += performance.now() - pause;
      }
    }
    const seconds = (performance.now() - started - pausedMilliseconds) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      rolloutsPerSecond: Math.round(completed / seconds),
      rollouts: completed,
      inFlight: agent.pool.counters.peakInFlight,
      heapGrowthMegabytes: Math.round(((heaps[1]! - heaps[0]!) / (1024 * 1024)) * 100) / 100,
      clientCpuMicrosecondsPerRollout: Math.round((cpu.user + cpu.system) / completed),
    };
  } finally {
    await agent.close();
    child.kill();
  }
}
