/**
 * A small parser of Python literals (str, int, float, True/False/None, list, tuple, dict) as
 * `ast.literal_eval` reads them — what the gold calls write for list-valued arguments.
 */

export type LiteralResult = { ok: true; value: unknown; end: number } | { ok: false };

const whitespace = /\s/;

function skipSpaces(source: string, position: number): number {
  while (position < source.length && whitespace.test(source[position]!)) position++;
  return position;
}

/** Reads a quoted string starting at `position` (a quote character), with Python escapes. */
export function readQuoted(source: string, position: number): LiteralResult {
  const quote = source[position];
  if (quote !== "'" && quote !== '"') return { ok: false };
  let value = '';
  for (let index = position + 1; index < source.length; index++) {
    const character = source[index]!;
    if (character === '\\' && index + 1 < source.length) {
      const next = source[++index]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
    } else if (character === quote) return { ok: true, value, end: index + 1 };
    else if (character === '\n') return { ok: false };
    else value += character;
  }
  return { ok: false };
}

/** Parses one literal at `position`; `end` is the index after it. */
export function readLiteral(source: string, start: number): LiteralResult {
  const position = skipSpaces(source, start);
  const character = source[position];
  if (character === undefined) return { ok: false };
  if (character === "'" || character === '"') return readQuoted(source, position);
  if (character === '[' || character === '(') return readSequence(source, position, character === '[' ? ']' : ')');
  if (character === '{') return readDictionary(source, position);
  const number = /^[+-]?(\d+\.?\d*(e[+-]?\d+)?|\.\d+(e[+-]?\d+)?)/i.exec(source.slice(position));
  if (number) return { ok: true, value: Number(number[0]), end: position + number[0].length };
  for (const [word, value] of [
    ['True', true],
    ['False', false],
    ['None', null],
  ] as const) {
    if (source.startsWith(word, position) && !/[\p{L}\p{N}_]/u.test(source[position + word.length] ?? ''))
      return { ok: true, value, end: position + word.length };
  }
  return { ok: false };
}

function readSequence(source: string, start: number, close: string): LiteralResult {
  const items: unknown[] = [];
  let position = skipSpaces(source, start + 1);
  while (source[position] !== close) {
    const item = readLiteral(source, position);
    if (!item.ok) return item;
    items.push(item.value);
    position = skipSpaces(source, item.end);
    if (source[position] === ',') position = skipSpaces(source, position + 1);
    else if (source[position] !== close) return { ok: false };
  }
  return { ok: true, value: items, end: position + 1 };
}

function readDictionary(source: string, start: number): LiteralResult {
  const entries: Record<string, unknown> = {};
  let position = skipSpaces(source, start + 1);
  while (source[position] !== '}') {
    const key = readLiteral(source, position);
    if (!key.ok) return key;
    position = skipSpaces(source, key.end);
    if (source[position] !== ':') return { ok: false };
    const value = readLiteral(source, position + 1);
    if (!value.ok) return value;
    entries[String(key.value)] = value.value;
    position = skipSpaces(source, value.end);
    if (source[position] === ',') position = skipSpaces(source, position + 1);
    else if (source[position] !== '}') return { ok: false };
  }
  return { ok: true, value: entries, end: position + 1 };
}

/** The whole text as one literal (surrounding spaces allowed), or undefined. */
export function parseLiteral(text: string): { value: unknown } | undefined {
  const result = readLiteral(text, 0);
  if (!result.ok || skipSpaces(text, result.end) !== text.length) return undefined;
  return { value: result.value };
}
