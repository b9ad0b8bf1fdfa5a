/**
 * Python value semantics that the BFCL environment classes rely on, over plain JS values:
 * str → string, int/float → number, bool → boolean, None → null, list/tuple → array,
 * dict → plain object (or a Map where insertion order of integer-like keys matters), set → Set. The official checker
 * compares states with Python `==`
 * and results as the strings that `json.dumps` / `str()` produce, so both are reproduced here.
 */

import { floatRepr, isNumeric, PyFloat, toNumber } from './python-float.ts';

/** A value whose Python `repr` is fixed text (mpmath `mpf`, `Decimal`); `json.dumps` rejects it. */
export class PythonOpaque {
  constructor(readonly repr: string) {}
}

/** Python `==` on nested values: dicts ignore key order, lists do not; 1 == 1.0 == True as in Python. */
export function pythonEquals(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (isNumeric(left) && isNumeric(right)) return toNumber(left) === toNumber(right);
  if (left instanceof PythonOpaque || right instanceof PythonOpaque) {
    return left instanceof PythonOpaque && right instanceof PythonOpaque && left.repr === right.repr;
  }
  if (left instanceof Map || right instanceof Map) {
    const leftEntries = dictEntries(left);
    const rightEntries = dictEntries(right);
    if (!leftEntries || !rightEntries || leftEntries.length !== rightEntries.length) return false;
    const rightMap = new Map(rightEntries);
    return leftEntries.every(([key, item]) => rightMap.has(key) && pythonEquals(item, rightMap.get(key)));
  }
  if (left instanceof Set || right instanceof Set) {
    if (!(left instanceof Set && right instanceof Set) || left.size !== right.size) return false;
    for (const item of left) if (!right.has(item)) return false;
    return true;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!(Array.isArray(left) && Array.isArray(right)) || left.length !== right.length) return false;
    return left.every((item, position) => pythonEquals(item, right[position]));
  }
  if (isDict(left) && isDict(right)) {
    const leftKeys = Object.keys(left);
    if (leftKeys.length !== Object.keys(right).length) return false;
    return leftKeys.every((key) => Object.hasOwn(right, key) && pythonEquals(left[key], right[key]));
  }
  return false;
}

/** True for a plain object (a Python dict here). */
export function isDict(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Set) &&
    !(value instanceof Map) &&
    !(value instanceof PythonOpaque) &&
    !(value instanceof PyFloat)
  );
}

/** Key–value pairs of a dict held as a plain object or a Map (whose keys may be ints); undefined otherwise. */
function dictEntries(value: unknown): [unknown, unknown][] | undefined {
  if (value instanceof Map) return [...value.entries()];
  return isDict(value) ? Object.entries(value) : undefined;
}

/** Python truthiness (`if value:`). */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (isNumeric(value)) return toNumber(value) !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Set || value instanceof Map) return value.size > 0;
  if (isDict(value)) return Object.keys(value).length > 0;
  return true;
}

/** Python `repr` of a plain JS number: an int when integral, else a float. */
function numberRepr(value: number): string {
  return Number.isInteger(value) ? String(value) : floatRepr(value);
}

/** Python `repr` of a str: single quotes unless the text holds ' and no ". */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '\\') out += '\\\\';
    else if (character === quote) out += `\\${quote}`;
    else if (character === '\n') out += '\\n';
    else if (character === '\r') out += '\\r';
    else if (character === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += character;
  }
  return out + quote;
}

/** Python `repr` (what `str()` gives for containers). */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return numberRepr(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'string') return stringRepr(value);
  if (value instanceof PythonOpaque) return value.repr;
  if (value instanceof Set) return value.size === 0 ? 'set()' : `{${[...value].map(pythonRepr).join(', ')}}`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  const entries = dictEntries(value);
  if (entries) return `{${entries.map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  return String(value);
}

/** Python `str()`: strings as they are, everything else as `repr`. */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** JSON string with `ensure_ascii=True`, as Python's `json.dumps` writes it (same short escapes as JSON.stringify). */
function jsonString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Python `json.dumps(value)` (default separators ", " and ": "); throws where Python raises TypeError. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number' || value instanceof PyFloat) {
    const number = toNumber(value);
    if (Number.isNaN(number)) return 'NaN';
    if (!Number.isFinite(number)) return number > 0 ? 'Infinity' : '-Infinity';
    return value instanceof PyFloat ? floatRepr(number) : numberRepr(number);
  }
  if (typeof value === 'string') return jsonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  const entries = dictEntries(value);
  // json.dumps turns int keys into their text.
  if (entries)
    return (
      '{' +
      entries
        .map(
          ([key, item]) =>
            `${jsonString(typeof key === 'string' ? key : pythonJsonDumps(key))}: ${pythonJsonDumps(item)}`,
        )
        .join(', ') +
      '}'
    );
  throw new TypeError(`Object of type ${value instanceof Set ? 'set' : 'object'} is not JSON serializable`);
}

/**
 * The string the official executor records for a return value: str as is, dict through
 * `json.dumps` (falling back to `str()` when it is not serialisable), anything else through `str()`.
 */
export function executionResultString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isDict(value) || value instanceof Map) {
    try {
      return pythonJsonDumps(value);
    } catch {
      return pythonRepr(value);
    }
  }
  return pythonStr(value);
}

/** Python `str.splitlines()`: splits on every line boundary Python knows, no trailing empty line. */
export function splitLines(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Python's line boundaries include \x1c-\x1e (separators).
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python `str.split()` with no separator: runs of whitespace, no empty pieces. */
export function splitWhitespace(text: string): string[] {
  return text.split(/\s+/).filter((piece) => piece.length > 0);
}

/** Python slice `items[start:]` for an integer start (negative counts from the end). */
export function sliceFrom<T>(items: readonly T[], start: number): T[] {
  const from = start < 0 ? Math.max(0, items.length + start) : Math.min(start, items.length);
  return items.slice(from);
}

/** Deep copy of a JSON-like value (Python `copy.deepcopy` for these states). */
export function deepCopy<T>(value: T): T {
  if (value instanceof Set) return new Set([...value].map(deepCopy)) as T;
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, deepCopy(item)])) as T;
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (isDict(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = deepCopy(item);
    return copy as T;
  }
  return value;
}

/** Python's `float(value)`: numbers, bools and numeric strings; anything else raises. */
export function pythonFloat(value: unknown): number {
  if (isNumeric(value)) return toNumber(value);
  if (typeof value === 'string') {
    const text = value.trim().replaceAll('_', '');
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
    if (/^[+-]?(inf|infinity)$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
    throw new PythonValueError(`could not convert string to float: ${stringRepr(value)}`);
  }
  throw new PythonValueError(`float() argument must be a string or a real number, not '${pythonTypeName(value)}'`);
}

/** Python's name for a value's type, for error messages. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Set) return 'set';
  return 'dict';
}

/** An exception that Python itself would raise (ValueError, TypeError, ...) inside a ported method. */
export class PythonValueError extends Error {}

/** Python's `mapping.get(key)` on a plain record: own keys only (never the JS prototype). */
export function lookup<T>(record: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Python's `f"{value:.2f}"`. */
export function formatFixed2(value: number): string {
  return value.toFixed(2);
}
