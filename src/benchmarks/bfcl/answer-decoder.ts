/**
 * Turns an agent's completion into calls. OpenAI tool calls are taken as they are (keyword
 * arguments); text is decoded as BFCL's native Python call list the way the official
 * `default_decode_execute_prompting` does — which keeps keyword arguments only, so positional
 * arguments in a model's text are dropped (and the call then usually misses a required argument).
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Completion } from '../../interfaces/task.ts';
import { decodeModelText, type PythonCall } from './python-call-parser.ts';

export type DecodedAnswer =
  | { ok: true; calls: PythonCall[]; source: 'tool-calls' | 'text'; droppedPositional: number }
  | { ok: false; reason: string };

/** Decodes one completion; never throws (malformed output is a failed decode with its reason). */
export function decodeAnswer(completion: Completion): DecodedAnswer {
  if (completion.toolCalls && completion.toolCalls.length > 0) {
    return {
      ok: true,
      source: 'tool-calls',
      droppedPositional: 0,
      calls: completion.toolCalls.map((call) => ({ name: call.name, positional: [], keywords: { ...call.arguments } })),
    };
  }
  const decoded = decodeModelText(typeof completion.text === 'string' ? completion.text : '');
  if (!decoded.ok) return { ok: false, reason: decoded.reason };
  let droppedPositional = 0;
  const calls = decoded.calls.map((call) => {
    droppedPositional += call.positional.length;
    return { name: call.name, positional: [], keywords: call.keywords };
  });
  return { ok: true, source: 'text', droppedPositional, calls };
}

/** Decoded calls as provider-neutral tool calls with ids (for the chat history). */
export function toToolCalls(calls: readonly PythonCall[], completion: Completion, idPrefix: string): ToolCall[] {
  return calls.map((call, position) => ({
    id: completion.toolCalls?.[position]?.id ?? `${idPrefix}_${position}`,
    name: call.name,
    arguments: { ...call.keywords },
  }));
}
