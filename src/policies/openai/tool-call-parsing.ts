/**
 * Liberal parsing of tool calls from chat models: native `tool_calls` whose `arguments` string may carry
 * odd whitespace, code fences, trailing commas or a second layer of JSON encoding, and text-mode calls
 * written as `<tool_call>{"name": ..., "arguments"|"parameters": {...}}</tool_call>` (single- or multi-line).
 */
import type { ToolCall, ToolSchema } from '../../interfaces/chat.ts';

/** Unicode spaces that JSON.parse rejects but models emit (NBSP, zero-width, BOM, line/paragraph separators). */
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * Parses a tool call's `arguments` string into an object, or null when it is not a JSON object after
 * repairs. An empty string means no arguments ({}).
 */
export function parseToolArguments(raw: string): Record<string, unknown> | null {
  let text = raw.replace(ODD_SPACES, ' ').trim();
  if (text.length === 0) return {};
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fenced) text = fenced[1]!;
  for (const candidate of [text, text.replace(/,\s*([}\]])/g, '$1')]) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    // Some servers double-encode: the arguments are a JSON string holding the JSON object.
    if (typeof value === 'string') return parseToolArguments(value);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return null;
  }
  return null;
}

/** A call object written by a model in text: `arguments` or `parameters`, possibly a JSON string. */
function callFromObject(value: unknown): ToolCall | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const functionPart = record.function as Record<string, unknown> | undefined;
  const name =
    typeof record.name === 'string'
      ? record.name
      : typeof functionPart?.name === 'string'
        ? functionPart.name
        : undefined;
  if (!name || name.trim().length === 0) return null;
  const rawArguments =
    record.arguments ?? record.parameters ?? functionPart?.arguments ?? functionPart?.parameters ?? {};
  const parsed = typeof rawArguments === 'string' ? parseToolArguments(rawArguments) : rawArguments;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return { name: name.trim(), arguments: parsed as Record<string, unknown> };
}

/**
 * Tool calls written in text as `<tool_call>…</tool_call>` blocks (a block may hold one object or an
 * array of them; the closing tag may be missing at the end of the text). Blocks that do not parse are
 * skipped: malformed output is data for the scorer, not an error.
 */
export function parseTextToolCalls(text: string): ToolCall[] {
  const calls: ToolCall[] = [];
  const pattern = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
  for (const match of text.matchAll(pattern)) {
    const body = match[1]!.replace(ODD_SPACES, ' ').trim();
    if (body.length === 0) continue;
    let value: unknown;
    try {
      value = JSON.parse(body.replace(/,\s*([}\]])/g, '$1'));
    } catch {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const call = callFromObject(item);
      if (call) calls.push(call);
    }
  }
  return calls;
}

/** System-prompt text that describes tools to a model without native tool calling (text mode). */
export function describeToolsForText(tools: readonly ToolSchema[]): string {
  const lines = [
    'You can call these tools. To call one, write exactly one line per call:',
    '<tool_call>{"name": "<tool name>", "arguments": {<arguments as JSON>}}</tool_call>',
    'Tools (JSON Schema of the arguments):',
  ];
  for (const tool of tools) {
    lines.push(
      JSON.stringify({
        name: tool.function.name,
        description: tool.function.description,
        parameters: tool.function.parameters,
      }),
    );
  }
  return lines.join('\n');
}
