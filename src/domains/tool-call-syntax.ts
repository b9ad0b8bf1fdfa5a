/**
 * Reading and writing tool calls. Three output formats are accepted:
 *  - compact: `find_contact(name=Ann);call(number=$1)` — calls separated by `;` or line breaks, values bare
 *    (up to the next `,` or `)`) or JSON-quoted;
 *  - OpenAI `tool_calls` (Completion.toolCalls), used when present;
 *  - `<tool_call>{"name": …, "arguments"|"parameters": {…}}</tool_call>` blocks (one or several, single- or
 *    multi-line, the last one may be unclosed), or bare JSON call objects / arrays.
 * Malformed output is data: the parser returns a reason, never throws.
 */
import type { ToolCall } from '../interfaces/chat.ts';
import type { Completion, ParseResult } from '../interfaces/task.ts';

const BARE_VALUE = /^[^,();"\n\r]+$/;
/** Longer responses are rejected unread (a gold answer is under 200 characters). */
const MAX_RESPONSE_CHARACTERS = 20_000;

/** One value in compact syntax: numbers as written, safe strings bare, anything else JSON-quoted. */
function formatValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && BARE_VALUE.test(value) && value.trim() === value) return value;
  return JSON.stringify(value);
}

/** Compact text of calls: `name(k=v,k=v);name(k=v)`. */
export function formatCalls(calls: readonly ToolCall[]): string {
  return calls
    .map(
      (entry) =>
        `${entry.name}(${Object.entries(entry.arguments)
          .map(([key, value]) => `${key}=${formatValue(value)}`)
          .join(',')})`,
    )
    .join(';');
}

/** Calls of a completion in any accepted format, or the reason none could be read. */
export function parseCompletionCalls(completion: Completion): ParseResult<ToolCall[]> {
  if (completion.toolCalls && completion.toolCalls.length > 0) return fromStructured(completion.toolCalls);
  const text = stripFence(completion.text ?? '').trim();
  if (text.length === 0) return { ok: false, reason: 'empty response' };
  if (text.length > MAX_RESPONSE_CHARACTERS)
    return { ok: false, reason: `response too long (${text.length} characters)` };
  if (text.includes('<tool_call>')) return parseToolCallBlocks(text);
  if (text.startsWith('{') || text.startsWith('[')) return parseJsonCalls(text);
  return parseCompactCalls(text);
}

/** Removes a surrounding Markdown code fence, if any. */
function stripFence(text: string): string {
  const match = /^\s*```[a-z]*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match ? match[1]! : text;
}

/** `<tool_call>…</tool_call>` blocks; text outside the blocks is ignored. */
export function parseToolCallBlocks(text: string): ParseResult<ToolCall[]> {
  const calls: ToolCall[] = [];
  const pattern = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
  for (const match of text.matchAll(pattern)) {
    const parsed = parseJsonCalls(match[1]!.trim());
    if (!parsed.ok) return { ok: false, reason: `tool_call block ${calls.length + 1}: ${parsed.reason}` };
    calls.push(...parsed.value);
  }
  return calls.length > 0 ? { ok: true, value: calls } : { ok: false, reason: 'no tool_call block' };
}

/** A JSON call object or an array of them. */
function parseJsonCalls(text: string): ParseResult<ToolCall[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not valid JSON: ${(error as Error).message}` };
  }
  return fromStructured(Array.isArray(value) ? value : [value]);
}

/** Accepts {name, arguments|parameters} and OpenAI's {function: {name, arguments: "<json>"}}. */
function fromStructured(items: readonly unknown[]): ParseResult<ToolCall[]> {
  const calls: ToolCall[] = [];
  for (const [position, item] of items.entries()) {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return { ok: false, reason: `call ${position + 1} is not an object` };
    const record = item as Record<string, unknown>;
    const inner = (
      record.function !== null && typeof record.function === 'object' ? record.function : record
    ) as Record<string, unknown>;
    const name = inner.name;
    if (typeof name !== 'string' || name.length === 0) return { ok: false, reason: `call ${position + 1} has no name` };
    let args = inner.arguments ?? inner.parameters ?? {};
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args.length > 0 ? args : '{}');
      } catch {
        return { ok: false, reason: `call ${position + 1} (${name}) has arguments that are not JSON` };
      }
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      return { ok: false, reason: `call ${position + 1} (${name}) has arguments that are not an object` };
    calls.push({ name, arguments: args as Record<string, unknown> });
  }
  return calls.length > 0 ? { ok: true, value: calls } : { ok: false, reason: 'no calls' };
}

/** The compact syntax; anything but calls and separators is an error. */
export function parseCompactCalls(text: string): ParseResult<ToolCall[]> {
  const calls: ToolCall[] = [];
  let position = 0;
  const fail = (what: string): ParseResult<ToolCall[]> => ({
    ok: false,
    reason: `${what} at character ${position + 1}`,
  });
  const skip = (pattern: RegExp) => {
    while (position < text.length && pattern.test(text[position]!)) position++;
  };
  while (true) {
    skip(/[\s;]/);
    if (position >= text.length) break;
    const name = /^[A-Za-z_][\w.-]*/.exec(text.slice(position))?.[0];
    if (!name) return fail('expected a tool name');
    position += name.length;
    skip(/[ \t]/);
    if (text[position] !== '(') return fail(`expected "(" after ${name}`);
    position++;
    const args: Record<string, unknown> = {};
    skip(/[ \t]/);
    if (text[position] === ')') {
      position++;
    } else {
      while (true) {
        skip(/[ \t]/);
        const key = /^[A-Za-z_]\w*/.exec(text.slice(position))?.[0];
        if (!key) return fail(`expected an argument name in ${name}`);
        position += key.length;
        skip(/[ \t]/);
        if (text[position] !== '=' && text[position] !== ':') return fail(`expected "=" after ${key}`);
        position++;
        skip(/[ \t]/);
        let value: string;
        if (text[position] === '"') {
          const quoted = /^"(?:[^"\\\n]|\\.)*"/.exec(text.slice(position))?.[0];
          if (!quoted) return fail(`unclosed quote in ${name}`);
          try {
            value = JSON.parse(quoted) as string;
          } catch {
            return fail(`bad quoted value in ${name}`);
          }
          position += quoted.length;
          skip(/[ \t]/);
        } else {
          const bare = /^[^,()"\n\r]*/.exec(text.slice(position))![0];
          position += bare.length;
          value = bare.trim();
          if (value.length === 0) return fail(`empty value for ${key}`);
        }
        if (key in args) return fail(`argument ${key} given twice`);
        args[key] = value;
        if (text[position] === ',') {
          position++;
          continue;
        }
        if (text[position] === ')') {
          position++;
          break;
        }
        return fail(`expected "," or ")" in ${name}`);
      }
    }
    calls.push({ name, arguments: args });
    skip(/[ \t]/);
    if (position < text.length && !/[;\n\r]/.test(text[position]!))
      return fail(`expected ";" or a line break after ${name}(…)`);
  }
  return calls.length > 0 ? { ok: true, value: calls } : { ok: false, reason: 'no calls' };
}

/** Response budget in tokens for a compact answer of `answer` bytes: a quarter more plus 16. */
export function callsResponseBudget(answer: string): number {
  return Math.ceil(Buffer.byteLength(answer, 'utf8') * 1.25) + 16;
}
