/**
 * The slice of Python value semantics that the official API-Bank evaluator's verdicts depend on:
 * `==` between JSON-like values, `repr` of strings (it appears in exception messages), and the
 * exception objects that the official `format_check` helpers return instead of raising.
 */

/** An exception object held as a value (Python compares these by identity, so it equals nothing). */
export class PythonExceptionValue {
  constructor(readonly message: string) {}
}

/** What an API raises; the port turns it into the `exception` string of the response, as `str(e)` does. */
export class PythonError extends Error {}

/** Raised by a `check_api_call_correctness` port where the Python reads a missing dict key. */
export class PythonKeyError extends Error {}

/** Python `==` on JSON-like values: numbers compare numerically (True == 1), dicts ignore key order. */
export function pythonEquals(left: unknown, right: unknown): boolean {
  if (left instanceof PythonExceptionValue || right instanceof PythonExceptionValue) return false;
  const leftNumber = asPythonNumber(left);
  const rightNumber = asPythonNumber(right);
  if (leftNumber !== undefined && rightNumber !== undefined) return leftNumber === rightNumber;
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left ?? null) === (right ?? null);
  }
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => pythonEquals(item, right[index]));
  }
  if (typeof left === 'object' && typeof right === 'object') {
    const leftKeys = Object.keys(left);
    const rightRecord = right as Record<string, unknown>;
    if (leftKeys.length !== Object.keys(rightRecord).length) return false;
    return leftKeys.every(
      (key) => key in rightRecord && pythonEquals((left as Record<string, unknown>)[key], rightRecord[key]),
    );
  }
  return false;
}

function asPythonNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Python `repr` of a str: single quotes unless the text holds a single quote and no double quote. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const character of text) {
    if (character === '\\') body += '\\\\';
    else if (character === quote) body += `\\${quote}`;
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (character === '\t') body += '\\t';
    else if (character < ' ' || character === '\x7f')
      body += `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else body += character;
  }
  return quote + body + quote;
}

/** Python `str.isdigit()` (non-empty, decimal digits only). */
export function pythonIsDigit(text: string): boolean {
  return /^\p{Nd}+$/u.test(text);
}

/** Python `str.zfill(width)`: left-pads with zeros after an optional sign. */
export function pythonZfill(text: string, width: number): string {
  if (text.length >= width) return text;
  const sign = text.startsWith('+') || text.startsWith('-') ? text[0]! : '';
  return sign + '0'.repeat(width - text.length) + text.slice(sign.length);
}

/** Python `str.strip()` with no argument (whitespace as Python defines it, close to JS `trim`). */
export function pythonStrip(text: string): string {
  return text.trim();
}

/** Deep copy of JSON-like data (the official evaluator reloads its databases for every call). */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** Reads `record[key]` as Python's `dict[key]` does: a missing key raises KeyError. */
export function pythonItem(record: unknown, key: string): unknown {
  if (record === null || typeof record !== 'object' || !(key in (record as Record<string, unknown>))) {
    throw new PythonKeyError(key);
  }
  return (record as Record<string, unknown>)[key];
}

/** Python's `str(value)` for the values an API receives (str, int, float, bool, None, list, dict). */
export function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  return pythonLiteral(value);
}

/** Python `repr` of JSON-like data (lists and dicts as Python prints them). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number')
    return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : pythonFloat(value);
  if (typeof value === 'string') return pythonRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return (
    '{' +
    Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${pythonRepr(key)}: ${pythonLiteral(item)}`)
      .join(', ') +
    '}'
  );
}

function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const text = String(value);
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}
