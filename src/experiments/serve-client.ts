import { Agent, request as httpRequest } from 'node:http';
import type { AgentPrompt, RolloutGroup } from '../interfaces/index.ts';
import type { SimulatedStudent } from '../policies/student/student.ts';
import { deriveSeed } from '../util/random.ts';

/** A reply of the service: status and parsed JSON body (null when the body was not JSON). */
export interface Reply {
  status: number;
  body: Record<string, unknown> | null;
  /** Milliseconds from sending to the parsed reply. */
  milliseconds: number;
}

/** A small HTTP client of `genenv serve` over keep-alive connections (node:http, lighter than fetch). */
export class ServeClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(
    readonly baseUrl: string,
    private readonly token?: string,
    connections = 256,
  ) {
    this.url = new URL(baseUrl);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    const started = performance.now();
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: this.url.hostname, port: this.url.port, path, method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            let parsed: Record<string, unknown> | null = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            } catch {
              parsed = null;
            }
            resolve({ status: response.statusCode ?? 0, body: parsed, milliseconds: performance.now() - started });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  post(path: string, body?: unknown): Promise<Reply> {
    return this.request('POST', path, body ?? {});
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path);
  }
}

/** The value of an arithmetic-domain prompt ("Ignore 4. 12 + 7 =" → "19"), or null for another text. */
export function arithmeticAnswer(prompt: string): string | null {
  const expression = prompt.replace(/^Ignore [^.]*\.\s*/, '').replace(/=\s*$/, '');
  const match = /^\s*(\d+)((?:\s*[-+*]\s*\d+)+)\s*$/.exec(expression);
  if (!match) return null;
  let value = BigInt(match[1]!);
  for (const [, operator, operand] of match[2]!.matchAll(/([-+*])\s*(\d+)/g)) {
    const number = BigInt(operand!);
    value = operator === '+' ? value + number : operator === '-' ? value - number : value * number;
  }
  return value.toString();
}

/** The observation's task, as the service describes it. */
export interface ObservedTask {
  id: string;
  epoch: number;
  attempt: number;
  group_size: number;
  family: string;
  features: Record<string, number>;
}

/**
 * The prompt a simulated student reads, rebuilt from an observation of the arithmetic domain: the answer
 * is computed from the expression and the difficulty is the task's `difficulty` feature. The service never
 * sends a reference; the student is a stand-in for an LLM that can do the arithmetic with some probability.
 */
export function studentPrompt(observation: Record<string, unknown>): AgentPrompt {
  const text = String(observation.prompt);
  const task = observation.task as ObservedTask;
  return {
    id: task.id,
    family: task.family,
    text,
    messages: [],
    reference: { answer: arithmeticAnswer(text) ?? '', difficulty: task.features.difficulty ?? 0 },
  };
}

export interface TrainerLoopOptions {
  client: ServeClient;
  student: SimulatedStudent;
  /** Concurrent episodes (each a reset → act → step loop). */
  concurrency: number;
  /** Completed GRPO groups per student update (one epoch's worth: task types × variations). */
  groupsPerUpdate: number;
  /** Seed of the student's samples: an attempt's answer depends only on (seed, task, attempt, ability). */
  seed: number;
  /** Stop after this many acknowledged steps (default: until the curriculum finishes). */
  maxSteps?: number;
  /** Milliseconds to wait before retrying after a refused connection or a busy service. */
  retryMs?: number;
  /** Keep the acknowledged outcomes (default true; a long benchmark leaves them out). */
  keepAcknowledged?: boolean;
}

export interface TrainerLoopResult {
  steps: number;
  /** Acknowledged outcomes: episode id → reward. */
  acknowledged: Map<string, number>;
  /** Steps answered from the log (retries). */
  replays: number;
  latencies: number[];
}

/**
 * An external trainer driving the service over HTTP: each worker resets, lets the simulated student answer
 * and steps (with a request id, retried after connection errors until answered). Completed GRPO groups
 * update the student, `groupsPerUpdate` at a time, as the in-process loop does once per epoch.
 */
export async function runTrainerLoop(options: TrainerLoopOptions): Promise<TrainerLoopResult> {
  const { client, student } = options;
  const retryMs = options.retryMs ?? 50;
  const result: TrainerLoopResult = { steps: 0, acknowledged: new Map(), replays: 0, latencies: [] };
  const groups = new Map<string, RolloutGroup>();
  let batch: RolloutGroup[] = [];
  let done = false;
  const wait = (failures = 0) =>
    new Promise((resolve) => setTimeout(resolve, Math.min(500, retryMs * 2 ** Math.min(failures, 10))));
  // Refused connections (a restarting server) are retried with exponential backoff up to 0.5 s.
  const call = async (path: string, body: unknown): Promise<Reply> => {
    for (let failures = 0; ; failures++) {
      try {
        return await client.post(path, body);
      } catch {
        await wait(failures);
      }
    }
  };
  const worker = async (workerIndex: number) => {
    let serial = 0;
    while (!done && (options.maxSteps === undefined || result.steps < options.maxSteps)) {
      const reset = await call('/reset', {});
      if (reset.status === 410) break;
      if (reset.status !== 200) {
        await wait();
        continue;
      }
      const observation = (reset.body as { observation: Record<string, unknown> }).observation;
      const task = observation.task as ObservedTask;
      const prompt = studentPrompt(observation);
      const [completion] = (
        await student.act([prompt], { samples: 1, seed: deriveSeed(options.seed, task.id, task.attempt) })
      )[0]!;
      const requestId = `w${workerIndex}-${serial++}-${String(observation.episode_id)}`;
      let step: Reply;
      do
        step = await call('/step', {
          episode_id: observation.episode_id,
          request_id: requestId,
          action: { text: completion!.text },
        });
      while (step.status === 503);
      if (step.status !== 200) continue; // lost before it was logged (server restarted): reset again
      if ((step.body?.observation as { replayed?: boolean } | undefined)?.replayed) result.replays++;
      result.steps++;
      result.latencies.push(reset.milliseconds + step.milliseconds);
      const reward = Number(step.body!.reward);
      if (options.keepAcknowledged !== false) result.acknowledged.set(String(observation.episode_id), reward);
      const key = `${task.epoch}:${task.id}`;
      const group = groups.get(key) ?? { prompt, completions: [], rewards: [] };
      groups.set(key, group);
      group.completions.push(completion!);
      group.rewards.push(reward);
      if (group.rewards.length === task.group_size) {
        groups.delete(key);
        batch.push(group);
        if (batch.length >= options.groupsPerUpdate) {
          const update = batch;
          batch = [];
          await student.update({ groups: update }, { seed: 0 });
        }
      }
    }
    done = true;
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  return result;
}
