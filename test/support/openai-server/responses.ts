/**
 * Builders of OpenAI-compatible response bodies for the scripted test server. They produce what vLLM,
 * llama.cpp and hosted APIs send, including the quirks the clients must tolerate.
 */

export interface ScriptedToolCall {
  name: string;
  /** Sent verbatim: tests pass odd whitespace or broken JSON here on purpose. */
  arguments: string;
  id?: string;
}

export interface ScriptedChoice {
  content?: string | null;
  toolCalls?: ScriptedToolCall[];
  /** Per-token (token, logprob) pairs; an entry with an empty token mimics an end-of-sequence marker. */
  logprobs?: { token: string; logprob: number }[];
  finishReason?: string;
}

/** A chat.completion body. `usage` counts the first choice only, as some servers do for n > 1. */
export function chatCompletionBody(model: string, choices: ScriptedChoice[]): Record<string, unknown> {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: choices.map((choice, index) => ({
      index,
      message: {
        role: 'assistant',
        content: choice.content ?? null,
        ...(choice.toolCalls
          ? {
              tool_calls: choice.toolCalls.map((call, callIndex) => ({
                id: call.id ?? `call_${index}_${callIndex}`,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      },
      logprobs: choice.logprobs
        ? {
            content: choice.logprobs.map((entry) => ({
              token: entry.token,
              logprob: entry.logprob,
              bytes: null,
              top_logprobs: [],
            })),
          }
        : null,
      finish_reason: choice.finishReason ?? (choice.toolCalls ? 'tool_calls' : 'stop'),
    })),
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** An OpenAI-style error body. */
export function errorBody(message: string, type = 'invalid_request_error'): Record<string, unknown> {
  return { error: { message, type, code: null, param: null } };
}

/** Text of the last user message of a chat request body (what most scripted handlers key on). */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'user')
      return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  }
  return '';
}
