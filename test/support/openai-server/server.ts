/**
 * A local, scriptable OpenAI-compatible HTTP server for tests (node:http on 127.0.0.1, random port).
 * It implements what genenv's OpenAI backend uses: /v1/chat/completions, /v1/models, vLLM's runtime LoRA
 * endpoints and llama.cpp's /lora-adapters. Each test decides every chat answer with a handler, and can
 * inject failures (5xx, 429 with Retry-After, hangs that trip client timeouts, dropped connections).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Random } from '../../../src/util/random.ts';
import { chatCompletionBody, errorBody, type ScriptedChoice } from './responses.ts';

export interface ServerRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Order of arrival among chat requests, from 0. */
  sequence: number;
}

/** A full answer; `hang` never answers (the client times out), `drop` resets the connection. */
export type ServerAnswer =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'drop' };

/** Decides one chat answer: a full answer, or just the choices (wrapped into a 200 chat.completion). */
export type ChatHandler = (
  request: ServerRequest,
) => ServerAnswer | ScriptedChoice[] | Promise<ServerAnswer | ScriptedChoice[]>;

export type FailureKind = '500' | '503' | '429' | 'timeout' | 'drop';

export interface ScriptedServerOptions {
  chat?: ChatHandler;
  /** Injected failures: each chat request fails with probability `rate`, kind drawn uniformly from `kinds`. */
  failures?: { rate: number; seed: number; kinds?: FailureKind[]; retryAfterSeconds?: number };
  /** Answer 400 to requests with `response_format` json_schema, like servers without structured outputs. */
  rejectJsonSchema?: boolean;
  /** Served base models (vLLM checks `model` against these plus loaded adapters). */
  models?: string[];
  /** Extra delay before every chat answer, in ms. */
  delayMs?: number;
  /** llama.cpp style: adapters preloaded at start (ids are their positions). */
  llamaAdapters?: { path: string; scale?: number }[];
}

export interface AdapterEvent {
  type: 'load' | 'unload' | 'request-start' | 'request-end';
  name: string;
}

export interface ScriptedServer {
  /** Base URL with /v1, as the OpenAI client wants it. */
  baseUrl: string;
  origin: string;
  /** Every chat request received, failed ones included. */
  requests: ServerRequest[];
  /** Peak number of chat requests in progress at once. */
  peakInFlight(): number;
  /** vLLM-style runtime adapters: name → path. */
  loadedAdapters: Map<string, string>;
  /** llama.cpp-style adapters with their global scales. */
  llamaAdapters: { id: number; path: string; scale: number }[];
  adapterEvents: AdapterEvent[];
  close(): Promise<void>;
}

const FAILURE_KINDS: FailureKind[] = ['500', '503', '429', 'timeout', 'drop'];

/** Starts a scripted server on 127.0.0.1 with a random port. */
export async function startScriptedServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const models = options.models ?? ['test-model'];
  const failureRandom = new Random(options.failures?.seed ?? 0);
  const requests: ServerRequest[] = [];
  const loadedAdapters = new Map<string, string>();
  const llamaAdapters = (options.llamaAdapters ?? []).map((adapter, id) => ({
    id,
    path: adapter.path,
    scale: adapter.scale ?? 1,
  }));
  const adapterEvents: AdapterEvent[] = [];
  let inFlight = 0;
  let peak = 0;

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    response.end(text);
  };

  const answerChat = async (request: ServerRequest, response: ServerResponse): Promise<void> => {
    const body = request.body as
      | { model?: unknown; messages?: unknown; response_format?: { type?: string } }
      | undefined;
    // Some servers answer HTTP 500 (not 400) to a malformed request; mimic that.
    if (!body || typeof body !== 'object' || !Array.isArray(body.messages) || typeof body.model !== 'string') {
      send(response, 500, errorBody('malformed request: model and messages are required', 'server_error'));
      return;
    }
    if (options.failures && failureRandom.next() < options.failures.rate) {
      const kind = failureRandom.pick(options.failures.kinds ?? FAILURE_KINDS);
      if (kind === 'timeout') return; // never answer: the client's timeout fires
      if (kind === 'drop') {
        response.socket?.destroy();
        return;
      }
      const headers: Record<string, string> =
        kind === '429' ? { 'retry-after': String(options.failures.retryAfterSeconds ?? 0) } : {};
      send(response, Number(kind), errorBody(`injected ${kind}`, 'server_error'), headers);
      return;
    }
    if (options.rejectJsonSchema && body.response_format?.type === 'json_schema') {
      send(response, 400, errorBody('response_format json_schema is not supported'));
      return;
    }
    const known = models.includes(body.model) || loadedAdapters.has(body.model) || llamaAdapters.length > 0;
    if (!known) {
      send(response, 404, errorBody(`The model \`${body.model}\` does not exist.`, 'NotFoundError'));
      return;
    }
    const adapterName = loadedAdapters.has(body.model) ? body.model : undefined;
    if (adapterName) adapterEvents.push({ type: 'request-start', name: adapterName });
    try {
      const decided = options.chat ? await options.chat(request) : [{ content: 'ok' }];
      const answer: ServerAnswer = Array.isArray(decided)
        ? { kind: 'json', body: chatCompletionBody(body.model, decided) }
        : decided;
      if (answer.kind === 'hang') return;
      if (answer.kind === 'drop') {
        response.socket?.destroy();
        return;
      }
      const delay = (answer.delayMs ?? 0) + (options.delayMs ?? 0);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      send(response, answer.status ?? 200, answer.body, answer.headers);
    } finally {
      if (adapterName) adapterEvents.push({ type: 'request-end', name: adapterName });
    }
  };

  const answerVllmLora = (
    path: string,
    body: { lora_name?: string; lora_path?: string },
    response: ServerResponse,
  ): void => {
    const name = body?.lora_name;
    if (typeof name !== 'string' || name.length === 0) {
      send(response, 400, errorBody('lora_name is required'));
      return;
    }
    if (path === '/v1/load_lora_adapter') {
      if (typeof body.lora_path !== 'string') {
        send(response, 400, errorBody('lora_path is required'));
        return;
      }
      if (loadedAdapters.has(name)) {
        send(response, 400, errorBody(`The lora adapter '${name}' has already been loaded.`));
        return;
      }
      loadedAdapters.set(name, body.lora_path);
      adapterEvents.push({ type: 'load', name });
      send(response, 200, `Success: LoRA adapter '${name}' added successfully.`);
      return;
    }
    if (!loadedAdapters.has(name)) {
      send(response, 404, errorBody(`The lora adapter '${name}' cannot be found.`, 'NotFoundError'));
      return;
    }
    loadedAdapters.delete(name);
    adapterEvents.push({ type: 'unload', name });
    send(response, 200, `Success: LoRA adapter '${name}' removed successfully.`);
    return;
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = (incoming.url ?? '/').split('?')[0]!;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const method = incoming.method ?? 'GET';
      if (method === 'POST' && path === '/v1/chat/completions') {
        const request: ServerRequest = { method, path, body, headers: incoming.headers, sequence: requests.length };
        requests.push(request);
        inFlight++;
        peak = Math.max(peak, inFlight);
        response.on('close', () => inFlight--);
        answerChat(request, response).catch((error: unknown) =>
          send(response, 500, errorBody(String(error), 'server_error')),
        );
        return;
      }
      if (method === 'GET' && path === '/v1/models') {
        const data = [
          ...models.map((id) => ({ id, object: 'model', owned_by: 'genenv-test', root: id, parent: null })),
          ...[...loadedAdapters].map(([id, root]) => ({
            id,
            object: 'model',
            owned_by: 'genenv-test',
            root,
            parent: models[0],
          })),
        ];
        return send(response, 200, { object: 'list', data });
      }
      if (method === 'POST' && (path === '/v1/load_lora_adapter' || path === '/v1/unload_lora_adapter')) {
        return answerVllmLora(path, body as { lora_name?: string }, response);
      }
      if (path === '/lora-adapters' && method === 'GET') return send(response, 200, llamaAdapters);
      if (path === '/lora-adapters' && method === 'POST') {
        if (!Array.isArray(body)) return send(response, 400, errorBody('expected a list of {id, scale}'));
        for (const entry of body as { id: number; scale: number }[]) {
          const adapter = llamaAdapters.find((candidate) => candidate.id === entry.id);
          if (!adapter || typeof entry.scale !== 'number')
            return send(response, 400, errorBody(`invalid adapter id ${entry.id}`));
          adapter.scale = entry.scale;
        }
        return send(response, 200, { success: true });
      }
      send(response, 404, errorBody(`no route ${method} ${path}`, 'NotFoundError'));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    peakInFlight: () => peak,
    loadedAdapters,
    llamaAdapters,
    adapterEvents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
