/**
 * A local, scriptable OpenAI-compatible HTTP server for tests (node:http on 127.0.0.1, random port).
 * It implements what genenv's OpenAI backend uses: /v1/chat/completions, /v1/models, vLLM's runtime LoRA
 * endpoints and llama.cpp's /lora-adapters. Each test decides every chat answer with a handler, and can
 * inject failures (5xx, 429 with Retry-After, hangs that trip client timeouts, dropped connections).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Random } from '../../../src/util/random.ts';
import {
  appliedScales,
  contextError,
  cutChoices,
  type LlamaBehaviour,
  type LlamaRequestBody,
} from './llama-behaviour.ts';
import { chatCompletionBody, errorBody, type ScriptedChoice } from './responses.ts';

export interface ServerRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Order of arrival among chat requests, from 0. */
  sequence: number;
  /** With llama.cpp-style adapters: the scale each adapter (by id) ran at for this request. */
  appliedLora?: number[];
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
  /** llama.cpp style: adapters preloaded at start (ids are their positions; global scale 1 unless given). */
  llamaAdapters?: { path: string; scale?: number }[];
  /** llama.cpp's answers to cut structured output and over-long prompts (see llama-behaviour.ts). */
  llama?: LlamaBehaviour;
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
  /** Stops listening and drops every connection (a killed server); `restart` brings it back on the same port. */
  kill(): Promise<void>;
  /** Listens again on the same port, global adapter scales back at their start values (as llama-server). */
  restart(): Promise<void>;
  /** While true, every route answers 503 "Loading model", as llama-server does while it loads its model. */
  setLoading(loading: boolean): void;
  close(): Promise<void>;
}

const FAILURE_KINDS: FailureKind[] = ['500', '503', '429', 'timeout', 'drop'];

/** Starts a scripted server on 127.0.0.1 with a random port. */
export async function startScriptedServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const models = options.models ?? ['test-model'];
  const failureRandom = new Random(options.failures?.seed ?? 0);
  const requests: ServerRequest[] = [];
  const loadedAdapters = new Map<string, string>();
  const startScales = (options.llamaAdapters ?? []).map((adapter) => adapter.scale ?? 1);
  const llamaAdapters = (options.llamaAdapters ?? []).map((adapter, id) => ({
    id,
    path: adapter.path,
    scale: startScales[id]!,
  }));
  const adapterEvents: AdapterEvent[] = [];
  let inFlight = 0;
  let peak = 0;
  let loading = false;

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

  /** A handler's decision as a full answer; llama-server cuts long choices (or fails when structured). */
  const answerOf = (
    body: { model: string } & LlamaRequestBody,
    decided: ServerAnswer | ScriptedChoice[],
  ): ServerAnswer => {
    if (!Array.isArray(decided)) return decided;
    const cut = options.llama ? cutChoices(options.llama, body, decided) : { choices: decided };
    if ('error' in cut) return { kind: 'json', status: 500, body: cut.error };
    return { kind: 'json', body: chatCompletionBody(body.model, cut.choices) };
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
    // llama-server ignores the model name.
    const known =
      models.includes(body.model) || loadedAdapters.has(body.model) || llamaAdapters.length > 0 || !!options.llama;
    if (!known) {
      send(response, 404, errorBody(`The model \`${body.model}\` does not exist.`, 'NotFoundError'));
      return;
    }
    const chat = body as { model: string } & LlamaRequestBody;
    if (llamaAdapters.length > 0)
      request.appliedLora = appliedScales(
        llamaAdapters.map((adapter) => adapter.scale),
        chat,
      );
    const tooLong = options.llama ? contextError(options.llama, chat) : null;
    if (tooLong) {
      send(response, 400, tooLong);
      return;
    }
    const adapterName = loadedAdapters.has(body.model) ? body.model : undefined;
    if (adapterName) adapterEvents.push({ type: 'request-start', name: adapterName });
    try {
      const decided = options.chat ? await options.chat(request) : [{ content: 'ok' }];
      const answer = answerOf(chat, decided);
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
  ): { status: number; body: unknown } => {
    const name = body?.lora_name;
    if (typeof name !== 'string' || name.length === 0) return { status: 400, body: errorBody('lora_name is required') };
    if (path === '/v1/load_lora_adapter') {
      if (typeof body.lora_path !== 'string') return { status: 400, body: errorBody('lora_path is required') };
      if (loadedAdapters.has(name))
        return { status: 400, body: errorBody(`The lora adapter '${name}' has already been loaded.`) };
      loadedAdapters.set(name, body.lora_path);
      adapterEvents.push({ type: 'load', name });
      return { status: 200, body: `Success: LoRA adapter '${name}' added successfully.` };
    }
    if (!loadedAdapters.has(name))
      return { status: 404, body: errorBody(`The lora adapter '${name}' cannot be found.`, 'NotFoundError') };
    loadedAdapters.delete(name);
    adapterEvents.push({ type: 'unload', name });
    return { status: 200, body: `Success: LoRA adapter '${name}' removed successfully.` };
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
      if (loading) return send(response, 503, errorBody('Loading model', 'unavailable_error'));
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
        const answer = answerVllmLora(path, body as { lora_name?: string });
        return send(response, answer.status, answer.body);
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
  const kill = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    peakInFlight: () => peak,
    loadedAdapters,
    llamaAdapters,
    adapterEvents,
    kill,
    setLoading: (value) => {
      loading = value;
    },
    restart: async () => {
      await kill();
      llamaAdapters.forEach((adapter, id) => {
        adapter.scale = startScales[id]!;
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: kill,
  };
}
