/**
 * What llama.cpp's llama-server does that other OpenAI-compatible servers do not, as seen against a real
 * one (node-llama-cpp 3.22.1's llama.cpp, `--jinja`, `--lora … --lora-init-without-apply`). The scripted
 * server applies these when started with `llama` options; a token is one character here.
 *
 * - LoRA: a request with a non-empty `lora` list runs the listed ids at their scales and every other
 *   preloaded adapter at 0 (ids it does not have are ignored without a word); a request without one (or
 *   with an empty one) runs at the global scales, which start at 1.0 and come back at 1.0 after a restart.
 * - A structured generation (response_format json_schema, or tools) cut by max_tokens is answered HTTP 500
 *   "The model produced output that does not match the expected peg-native format"; plain text is cut
 *   with finish_reason "length".
 * - A prompt as long as the slot's context or longer is answered HTTP 400 exceed_context_size_error.
 */
import type { ScriptedChoice } from './responses.ts';

export interface LlamaBehaviour {
  /** Tokens per answer when a request sets no max_tokens (the server's `-n`); unlimited when unset. */
  defaultMaxTokens?: number;
  /** Tokens of a slot's context (`-c` / `-np`); unlimited when unset. */
  contextTokens?: number;
}

/** The parts of a chat request body these behaviours read. */
export interface LlamaRequestBody {
  messages?: { content?: unknown }[];
  tools?: unknown[];
  lora?: unknown;
  max_tokens?: unknown;
  response_format?: { type?: string };
}

/** The scale each preloaded adapter (by id) runs at for this request. */
export function appliedScales(globalScales: readonly number[], body: LlamaRequestBody): number[] {
  const listed = Array.isArray(body.lora) ? (body.lora as { id?: unknown; scale?: unknown }[]) : [];
  if (listed.length === 0) return globalScales.slice();
  const scales = globalScales.map(() => 0);
  for (const entry of listed) {
    if (typeof entry.id === 'number' && entry.id >= 0 && entry.id < scales.length)
      scales[entry.id] = typeof entry.scale === 'number' ? entry.scale : 0;
  }
  return scales;
}

/** Prompt length in tokens (characters of every message and of the tool schemas). */
export function promptTokens(body: LlamaRequestBody): number {
  const messages = (body.messages ?? []).map((message) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
  );
  return messages.join('').length + (body.tools ? JSON.stringify(body.tools).length : 0);
}

/** llama-server's HTTP 400 body for a prompt that does not fit, or null when it fits. */
export function contextError(behaviour: LlamaBehaviour, body: LlamaRequestBody): Record<string, unknown> | null {
  const context = behaviour.contextTokens;
  const tokens = promptTokens(body);
  if (context === undefined || tokens < context) return null;
  return {
    error: {
      code: 400,
      message: `request (${tokens} tokens) exceeds the available context size (${context} tokens), try increasing it`,
      type: 'exceed_context_size_error',
      n_prompt_tokens: tokens,
      n_ctx: context,
    },
  };
}

/**
 * The choices as the server would send them after cutting each at max_tokens, or the HTTP 500 body when a
 * structured generation was cut (the whole request fails, as on the real server).
 */
export function cutChoices(
  behaviour: LlamaBehaviour,
  body: LlamaRequestBody,
  choices: ScriptedChoice[],
): { choices: ScriptedChoice[] } | { error: Record<string, unknown> } {
  const limit = typeof body.max_tokens === 'number' ? body.max_tokens : behaviour.defaultMaxTokens;
  if (limit === undefined) return { choices };
  const structured = body.response_format?.type === 'json_schema' || (body.tools?.length ?? 0) > 0;
  const length = (choice: ScriptedChoice) =>
    (choice.content ?? '').length +
    (choice.toolCalls ?? []).reduce((sum, call) => sum + call.name.length + call.arguments.length, 0);
  if (structured && choices.some((choice) => length(choice) > limit)) {
    const message = 'The model produced output that does not match the expected peg-native format';
    return { error: { error: { code: 500, message, type: 'server_error' } } };
  }
  return {
    choices: choices.map((choice) =>
      length(choice) > limit ? { content: (choice.content ?? '').slice(0, limit), finishReason: 'length' } : choice,
    ),
  };
}
