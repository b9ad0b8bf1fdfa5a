/**
 * The client side of `genenv serve`'s wire: a keep-alive HTTP client whose typed methods are derived from the
 * protocol's route table (`interfaces/service-protocol.ts`), every answer read by its schema, and a trainer loop of
 * simulated students that drives the service as an external trainer would (the benchmark's and the crash check's load).
 */
import { Agent, request as httpRequest } from 'node:http';
import type { z } from 'zod';
import {
  type AgentPrompt,
  type CloseAnswer,
  type Completion,
  describeZodError,
  type Health,
  type HttpStepRequestSchema,
  type Metadata,
  type ProtocolSchemas,
  RefusalBodySchema,
  type ResetAnswer,
  ResetAnswerSchema,
  type ResetObservation,
  type ResetRequest,
  type RewardAnswer,
  type RewardRequest,
  type RolloutGroup,
  type RouteAnswer,
  type RouteName,
  type RouteRequest,
  type ScoredAnswer,
  ScoredAnswerSchema,
  SERVICE_ROUTES,
  type ServedTask,
  type ServiceState,
  type TurnAnswer,
} from '../interfaces/index.ts';
import type { SimulatedStudent } from '../policies/student/student.ts';
import { deriveSeed } from '../util/random.ts';
import { ServiceProtocolError, ServiceRefusal, ServiceUnreachable } from './service-errors.ts';

/** A reply of the service: status and parsed JSON body (null when the body was not JSON), not yet validated. */
export interface Reply {
  status: number;
  body: Record<string, unknown> | null;
  /** Headers by lower-case name: node:http's shape, written out so that the declarations need no @types/node. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Milliseconds from sending to the parsed reply. */
  milliseconds: number;
}

/** A step as a client sends it over HTTP: the episode, the action and, for retries, a request id. */
export type StepInput = z.input<typeof HttpStepRequestSchema>;

/** A GET route's query string: the request's fields that are set, in order. */
function queryOf(request: Record<string, unknown> | undefined): string {
  const entries = Object.entries(request ?? {}).filter(([, value]) => value !== undefined);
  return entries.length
    ? `?${new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)]))}`
    : '';
}

/** The refusal a 4xx or 5xx reply carries: its reason and code when the body is the protocol's refusal body. */
function refusalOf(route: string, reply: Reply): ServiceRefusal {
  const body = RefusalBodySchema.safeParse(reply.body);
  const retryAfter = Number(reply.headers['retry-after']);
  return new ServiceRefusal(
    route,
    reply.status,
    body.data?.code,
    body.success ? body.data.error : 'no reason given',
    reply.headers['retry-after'] !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}

/**
 * A client of `genenv serve` over keep-alive connections (node:http, lighter than fetch). Its typed methods call the
 * protocol's routes: the request typed by the route's schema, the answer validated by it. A refusal throws
 * ServiceRefusal (status and code), an answer outside the protocol ServiceProtocolError, a service that cannot be
 * reached ServiceUnreachable. `request`, `get` and `post` send anything and return the reply unvalidated (probes).
 */
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

  /** Calls a route of the protocol's table: the request as its body (POST) or query (GET), the answer validated. */
  async call<Name extends RouteName>(name: Name, request?: RouteRequest<Name>): Promise<RouteAnswer<Name>> {
    const route = SERVICE_ROUTES[name];
    const label = `${route.method} ${route.path}`;
    let reply: Reply;
    try {
      reply =
        route.method === 'GET'
          ? await this.get(`${route.path}${queryOf(request as Record<string, unknown> | undefined)}`)
          : await this.post(route.path, request);
    } catch (error) {
      throw new ServiceUnreachable(this.baseUrl, error);
    }
    if (reply.status >= 400) throw refusalOf(label, reply);
    return readReply(reply, route.answer, label) as RouteAnswer<Name>;
  }

  /** OpenEnv reset: a new episode on the next attempt; resets with one `group_key` share a task (a GRPO group). */
  reset(request: ResetRequest = {}): Promise<ResetAnswer> {
    return this.call('reset', request);
  }

  /** OpenEnv step: the verifier's reward (`done: true`), or on a multi-turn domain the next turn (`done: false`). */
  step(request: StepInput): Promise<ScoredAnswer | TurnAnswer> {
    return this.call('step', request);
  }

  /** Gives an unscored episode's attempt back (refused: 404 for an episode not open, 409 for a scored one). */
  closeEpisode(episodeId: string): Promise<CloseAnswer> {
    return this.call('close', { episode_id: episodeId });
  }

  /** OpenEnv state: the service's (open rounds, counters), or an episode's when one is named. */
  state(episodeId?: string): Promise<ServiceState> {
    return this.call('state', episodeId === undefined ? {} : { episode_id: episodeId });
  }

  /** OpenEnv metadata; `name` is `genenv-<domain>`. */
  metadata(): Promise<Metadata> {
    return this.call('metadata');
  }

  /** JSON Schemas of the action, the observation and the state. */
  schema(): Promise<ProtocolSchemas> {
    return this.call('schema');
  }

  /** Whether the curriculum runs (`unhealthy` once the simulator or the store failed). */
  health(): Promise<Health> {
    return this.call('health');
  }

  /** OpenRLHF's remote reward: one reward per (query, label), a label being an episode id or `group:<key>`. */
  reward(request: RewardRequest): Promise<RewardAnswer> {
    return this.call('reward', request);
  }

  /** Sends a request as it is and returns the reply unvalidated (a string body is sent as it is). */
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
            resolve({
              status: response.statusCode ?? 0,
              body: parsed,
              headers: response.headers,
              milliseconds: performance.now() - started,
            });
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

  /** POSTs `body` (`{}` when absent) and returns the reply unvalidated. */
  post(path: string, body?: unknown): Promise<Reply> {
    return this.request('POST', path, body ?? {});
  }

  /** GETs `path` and returns the reply unvalidated. */
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

/**
 * The body of a reply read by its protocol schema. A body out of protocol (another service at the URL, a
 * version that differs) is a ServiceProtocolError naming the request and the first field that does not match.
 */
export function readReply<Schema extends z.ZodType>(reply: Reply, schema: Schema, request: string): z.infer<Schema> {
  const parsed = schema.safeParse(reply.body);
  if (parsed.success) return parsed.data;
  throw new ServiceProtocolError(request, reply.status, describeZodError(parsed.error, 'body'));
}

/** The observation's task, as the service describes it. */
export type ObservedTask = ServedTask;

/**
 * The prompt a simulated student reads, rebuilt from an observation of the arithmetic domain: the answer
 * is computed from the expression and the difficulty is the task's `difficulty` feature. The service never
 * sends a reference; the student is a stand-in for an LLM that can do the arithmetic with some probability.
 */
export function studentPrompt(observation: ResetObservation): AgentPrompt {
  const { prompt: text, task } = observation;
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
  /**
   * Whether worker `worker` vanishes after its `serial`-th reset: it never steps that episode and stops, as a
   * trainer process that died would (default: none vanishes).
   */
  vanishes?: (worker: number, serial: number) => boolean;
}

export interface TrainerLoopResult {
  steps: number;
  /** Of the steps, those the service answered as duplicates (another copy of the attempt was scored first). */
  duplicates: number;
  /** Workers that vanished. */
  vanished: number;
  /** Acknowledged outcomes: episode id → reward. */
  acknowledged: Map<string, number>;
  /** Milliseconds of each acknowledged reset + step pair. */
  latencies: number[];
}

/** Collects each task's G rewards into a GRPO group and updates the student every `size` groups. */
class GroupBatcher {
  private readonly open = new Map<string, RolloutGroup>();
  private batch: RolloutGroup[] = [];

  constructor(
    private readonly student: SimulatedStudent,
    private readonly size: number,
  ) {}

  async add(task: ObservedTask, prompt: AgentPrompt, completion: Completion, reward: number): Promise<void> {
    const key = `${task.epoch}:${task.id}`;
    const group = this.open.get(key) ?? { prompt, completions: [], rewards: [] };
    this.open.set(key, group);
    group.completions.push(completion);
    group.rewards.push(reward);
    if (group.rewards.length < task.group_size) return;
    this.open.delete(key);
    this.batch.push(group);
    if (this.batch.length < this.size) return;
    const groups = this.batch;
    this.batch = [];
    await this.student.update({ groups }, { seed: 0 });
  }
}

/** POSTs, retrying refused connections (a restarting server) with exponential backoff up to 0.5 s. */
function retrying(client: ServeClient, retryMs: number) {
  const wait = (failures: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.min(500, retryMs * 2 ** Math.min(failures, 10))));
  const call = async (path: string, body: unknown): Promise<Reply> => {
    for (let failures = 0; ; failures++) {
      try {
        return await client.post(path, body);
      } catch {
        await wait(failures);
      }
    }
  };
  return { call, wait };
}

/**
 * An external trainer driving the service over HTTP: each worker resets, lets the simulated student answer
 * and steps (with a request id, retried after connection errors until answered). Completed GRPO groups
 * update the student, `groupsPerUpdate` at a time, as the in-process loop does once per epoch.
 */
export async function runTrainerLoop(options: TrainerLoopOptions): Promise<TrainerLoopResult> {
  const { student } = options;
  const { call, wait } = retrying(options.client, options.retryMs ?? 50);
  const result: TrainerLoopResult = { steps: 0, duplicates: 0, vanished: 0, acknowledged: new Map(), latencies: [] };
  const batcher = new GroupBatcher(student, options.groupsPerUpdate);
  let done = false;
  const worker = async (workerIndex: number) => {
    for (let serial = 0; !done && (options.maxSteps === undefined || result.steps < options.maxSteps); serial++) {
      const reset = await call('/reset', {});
      if (reset.status === 410) break;
      if (reset.status !== 200) {
        await wait(0);
        continue;
      }
      if (options.vanishes?.(workerIndex, serial)) {
        result.vanished++;
        return;
      }
      const { observation } = readReply(reset, ResetAnswerSchema, 'POST /reset');
      const { episode_id: episodeId, task } = observation;
      const prompt = studentPrompt(observation);
      const seed = deriveSeed(options.seed, task.id, task.attempt);
      const completion = (await student.act([prompt], { samples: 1, seed }))[0]![0]!;
      const body = {
        episode_id: episodeId,
        request_id: `w${workerIndex}-${serial}-${episodeId}`,
        action: { text: completion.text },
      };
      let step = await call('/step', body);
      while (step.status === 503) step = await call('/step', body);
      if (step.status !== 200) continue; // lost before it was logged (server restarted): reset again
      const { reward, observation: scored } = readReply(step, ScoredAnswerSchema, 'POST /step');
      result.steps++;
      result.latencies.push(reset.milliseconds + step.milliseconds);
      if (options.keepAcknowledged !== false) result.acknowledged.set(episodeId, reward);
      // A duplicate's group already has this attempt's counted answer: it stays out of the GRPO group.
      if (scored.duplicate) result.duplicates++;
      else await batcher.add(task, prompt, completion, reward);
    }
    done = true;
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  return result;
}
