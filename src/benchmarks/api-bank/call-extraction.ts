/**
 * Reading an API call out of an agent's answer, two ways.
 *
 * Official (`api_call_extraction.py` + `evaluator.get_api_call`): the first `[Name(...)]` on one line
 * (greedy up to the last ")]" of that line), then `key='value'` / `key=[...]` / `key=word` pairs by
 * regular expression. Every value is a str: a quoted value ends at the first quote of either kind (so
 * `attendees='['John']'` reads as "["), a bare list keeps its text, a bare word (5, True) its text.
 *
 * Fixed: every `[Name(k=v, ...)]` in the text, each argument read as a Python literal; a quoted value
 * ends at the quote that is followed by the next `key=` or by `)]`, so quotes inside values survive.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import { pythonLiteral } from './python-values.ts';
import { readLiteral } from './python-literal.ts';

export interface ExtractedCall {
  name: string;
  arguments: Record<string, unknown>;
}

// Python's \w and '.' (any character but a newline), in JS terms.
const word = '[\\p{L}\\p{N}_]';
const officialCall = new RegExp(`\\[(${word}+)\\(([^\\n]*)\\)\\]`, 'u');
const officialParameter = new RegExp(
  `(${word}+)\\s*=\\s*['"]([^\\n]+?)['"]|(${word}+)\\s*=\\s*(\\[[^\\n]*\\])|(${word}+)\\s*=\\s*(${word}+)`,
  'gu',
);

/** The official extraction; undefined where it finds no call ("No API call found"). */
export function extractOfficialCall(text: string): ExtractedCall | undefined {
  const match = officialCall.exec(text);
  if (!match) return undefined;
  const parameters: Record<string, unknown> = {};
  for (const pair of match[2]!.matchAll(officialParameter)) {
    if (pair[1]) parameters[pair[1]] = pair[2];
    else if (pair[3]) parameters[pair[3]] = pair[4];
    else if (pair[5]) parameters[pair[5]] = pair[6];
  }
  return { name: match[1]!, arguments: parameters };
}

/** Renders tool calls as the native text a model would write, for the official extraction. */
export function renderNativeCalls(calls: readonly ToolCall[]): string {
  const rendered = calls.map((call) => {
    const parts = Object.entries(call.arguments).map(([key, value]) =>
      typeof value === 'string' ? `${key}='${value}'` : `${key}=${pythonLiteral(value)}`,
    );
    return `[${call.name}(${parts.join(', ')})]`;
  });
  return rendered.length === 0 ? '' : `API-Request: ${rendered.join(' ')}`;
}

// Sticky patterns, tried at one position without copying the rest of the text.
const identifierAt = new RegExp(`${word}+`, 'uy');
const nextArgumentOrEnd = new RegExp(`\\s*(,\\s*${word}+\\s*=|\\)\\s*\\])`, 'uy');

function matchAt(pattern: RegExp, text: string, position: number): string | undefined {
  pattern.lastIndex = position;
  return pattern.exec(text)?.[0];
}

/** Longest answer text the fixed reader scans (longer answers are cut: no API call is that long). */
export const fixedScanLimit = 20_000;

/** Reads `k=v, ...)]` starting after "Name("; undefined when it is not a well-formed call. */
function readArguments(text: string, start: number): { arguments: Record<string, unknown>; end: number } | undefined {
  const values: Record<string, unknown> = {};
  let position = start;
  const skip = () => {
    while (position < text.length && /\s/.test(text[position]!)) position++;
  };
  skip();
  while (text[position] !== ')') {
    const key = matchAt(identifierAt, text, position);
    if (key === undefined) return undefined;
    position += key.length;
    skip();
    if (text[position] !== '=') return undefined;
    position++;
    skip();
    const quote = text[position];
    if (quote === "'" || quote === '"') {
      // The closing quote is the one followed by the next argument or by the end of the call.
      let close = position + 1;
      while (
        close < text.length &&
        !(
          text[close] === quote &&
          text[close - 1] !== '\\' &&
          matchAt(nextArgumentOrEnd, text, close + 1) !== undefined
        )
      )
        close++;
      if (close >= text.length) return undefined;
      const quoted = readLiteral(text.slice(position, close + 1), 0);
      values[key] = quoted.ok && quoted.end === close + 1 - position ? quoted.value : text.slice(position + 1, close);
      position = close + 1;
    } else {
      const literal = readLiteral(text, position);
      if (literal.ok) {
        values[key] = literal.value;
        position = literal.end;
      } else {
        const bare = matchAt(identifierAt, text, position);
        if (bare === undefined) return undefined;
        values[key] = bare;
        position += bare.length;
      }
    }
    skip();
    if (text[position] === ',') {
      position++;
      skip();
    } else if (text[position] !== ')') return undefined;
  }
  position++;
  skip();
  if (text[position] !== ']') return undefined;
  return { arguments: values, end: position + 1 };
}

/** Every well-formed `[Name(k=v, ...)]` in the text, in order. */
export function extractFixedCalls(answer: string): ExtractedCall[] {
  const text = answer.slice(0, fixedScanLimit);
  const calls: ExtractedCall[] = [];
  const start = new RegExp(`\\[(${word}+)\\(`, 'gu');
  for (let match = start.exec(text); match !== null; match = start.exec(text)) {
    const parsed = readArguments(text, match.index + match[0].length);
    if (parsed) {
      calls.push({ name: match[1]!, arguments: parsed.arguments });
      start.lastIndex = parsed.end;
    }
  }
  return calls;
}
