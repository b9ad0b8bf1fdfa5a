/**
 * Python's `json.dumps(value, ensure_ascii=False)` of a Python literal, byte for byte: separators ", " and ": ",
 * floats as Python's `repr` (`15.0`, `1e-05`, `1e+16`), non-ASCII text as is, `...` as null.
 */
import { GenEnvError } from '../interfaces/errors.ts';
import { ELLIPSIS, type PythonLiteral } from './python-literals.ts';

/** Python's `repr` of a finite float: the shortest digits that read back, in Python's layout. */
export function floatRepr(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  if (value === 0) return '0.0';
  // toExponential() with no argument gives the shortest round-trip digits, as Python's repr does.
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const power = Math.abs(exponent).toString().padStart(2, '0');
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${power}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || '0'}`;
}

/**
 * A JSON string as Python writes it with ensure_ascii=False: `"`, `\` and control characters escaped (the short
 * forms \b \f \n \r \t, else \u00xx in lower case), everything else as is. JSON.stringify does exactly that.
 */
function jsonString(text: string): string {
  return JSON.stringify(text);
}

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(value);
}

/** A dict key as json.dumps converts it: str as is, numbers, booleans and None as their JSON text. */
function key(value: PythonLiteral): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  throw new GenEnvError('benchmark', `a dict key of type ${typeof value} has no JSON form`);
}

/** `json.dumps(value, ensure_ascii=False)` with Python's defaults otherwise. */
export function pythonJsonDumps(value: PythonLiteral): string {
  if (value === null || value === ELLIPSIS) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return jsonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value instanceof Map)
    return `{${[...value].map(([name, item]) => `${jsonString(key(name))}: ${pythonJsonDumps(item)}`).join(', ')}}`;
  throw new GenEnvError('internal', 'not a Python literal');
}
