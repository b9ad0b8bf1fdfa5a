/**
 * Port of BFCL's MathAPI (math_api.py), a stateless calculator. Arbitrary-precision results
 * (mpmath `logarithm`, Decimal `square_root`) are computed in doubles rounded the way the Python
 * objects round, and printed as they print (`mpf('…')`, `Decimal('…')`).
 */
import { method, methodTable, type EnvironmentInstance } from '../environment.ts';
import { arithmetic, asFloat, isFloat, isNumeric, toNumber } from '../python-float.ts';
import { PythonOpaque, lookup } from '../python-values.ts';

/** Digits of `value` to `digits` significant digits, without trailing zeros (at least one decimal). */
function significant(value: number, digits: number): string {
  const clamped = Math.min(Math.max(Math.trunc(digits), 1), 100);
  const text = Number(value.toPrecision(clamped)).toString();
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}

/** Rounds a double to `bits` mantissa bits, ties to even (mpmath's round-nearest at `mp.prec`). */
function roundToBits(value: number, bits: number): number {
  if (value === 0 || !Number.isFinite(value) || bits >= 53) return value;
  let exponent = Math.floor(Math.log2(Math.abs(value)));
  if (2 ** exponent > Math.abs(value)) exponent -= 1;
  if (2 ** (exponent + 1) <= Math.abs(value)) exponent += 1;
  const scale = 2 ** (bits - 1 - exponent);
  const scaled = value * scale;
  const floor = Math.floor(scaled);
  const difference = scaled - floor;
  const rounded = difference > 0.5 ? floor + 1 : difference < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return rounded / scale;
}

/**
 * `mpmath.log(value) / mpmath.log(base)` at `mp.dps = precision`, printed as `repr` prints an mpf:
 * each operation rounded to mp.prec = round((dps + 1) · log2 10) bits, shown with repr_dps digits
 * (dps + 3 for the precision's dps; 17 at dps 15), trailing zeros stripped. Exact below 53 bits of precision.
 */
export function mpmathLogarithm(value: number, base: number, precision: number): string {
  const bits = Math.max(1, Math.round((Math.trunc(precision) + 1) * 3.3219280948873626));
  const numerator = roundToBits(Math.log(value), bits);
  const denominator = roundToBits(Math.log(base), bits);
  const result = roundToBits(numerator / denominator, bits);
  const decimalPrecision = Math.max(1, Math.round(bits / 3.3219280948873626) - 1);
  return significant(result, decimalPrecision === 15 ? 17 : decimalPrecision + 3);
}

/** Exact decimal expansion of a finite double: digits after the point (trailing zeros removed). */
function exactDecimal(value: number): string {
  const text = Math.abs(value).toFixed(100).replace(/0+$/, '').replace(/\.$/, '');
  return value < 0 ? `-${text}` : text;
}

/**
 * `Decimal(number).sqrt()` under `getcontext().prec = precision`, as str(Decimal) prints it: an exact
 * root keeps the ideal exponent (half the operand's), an inexact one has exactly `precision` digits.
 * Computed from the double square root, so digits beyond about 16 are not the exact ones.
 */
export function decimalSquareRoot(number: number, precision: number): string {
  const digits = Math.min(Math.max(Math.trunc(precision), 1), 100);
  const root = Math.sqrt(number);
  const operand = exactDecimal(number);
  const rootText = exactDecimal(root);
  const significantDigits = rootText.replace('.', '').replace(/^0+/, '').length;
  if (root * root === number && significantDigits <= digits) {
    const operandFraction = operand.includes('.') ? operand.split('.')[1]!.length : 0;
    const idealFraction = Math.ceil(operandFraction / 2);
    const rootFraction = rootText.includes('.') ? rootText.split('.')[1]!.length : 0;
    if (rootFraction >= idealFraction) return rootText;
    return (rootText.includes('.') ? rootText : `${rootText}.`) + '0'.repeat(idealFraction - rootFraction);
  }
  const text = root.toPrecision(digits);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const exponent = Number(match[3]);
  // Decimal writes small numbers in fixed notation down to an adjusted exponent of -6.
  if (exponent < 0 && exponent >= -6) return `0.${'0'.repeat(-exponent - 1)}${match[1]}${match[2] ?? ''}`;
  return `${match[1]}${match[2] ? `.${match[2]}` : ''}E${exponent >= 0 ? '+' : ''}${exponent}`;
}

/**
 * Python's `round(number, places)`: rounds the exact binary value (2.675 → 2.67, since it is stored
 * as 2.67499…), exact ties to the even neighbour (0.125 → 0.12); negative places round to tens, hundreds, ...
 */
export function pythonRound(number: number, places: number): number {
  if (!Number.isFinite(number)) return number;
  if (places < 0 || Math.abs(number) >= 1e21) {
    const scaled = number / 10 ** -Math.min(places, 0);
    const floor = Math.floor(scaled);
    const difference = scaled - floor;
    const rounded = difference > 0.5 ? floor + 1 : difference < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
    return rounded * 10 ** -Math.min(places, 0);
  }
  // toFixed(100) prints the exact decimal expansion of the double.
  const [whole, fraction] = Math.abs(number).toFixed(100).split('.') as [string, string];
  const kept = BigInt(whole + fraction.slice(0, places));
  const rest = fraction.slice(places).replace(/0+$/, '');
  const half = rest === '5' ? 0 : rest > '5' ? 1 : -1;
  const rounded = half > 0 || (half === 0 && kept % 2n === 1n) ? kept + 1n : kept;
  const text = rounded.toString().padStart(places + 1, '0');
  const value = Number(places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text);
  return number < 0 ? -value : value;
}

export class MathApi implements EnvironmentInstance {
  readonly className = 'MathAPI';

  publicState(): Record<string, unknown> {
    return {};
  }

  readonly methods = methodTable([
    method('logarithm(value: float, base: float, precision: int)', ({ value, base, precision }) => {
      const [number, logBase] = [toNumber(value), toNumber(base)];
      if (number <= 0 || logBase <= 0 || logBase === 1) return { error: 'math domain error' };
      return { result: new PythonOpaque(`mpf('${mpmathLogarithm(number, logBase, toNumber(precision))}')`) };
    }),
    method('mean(numbers: list)', ({ numbers }) => {
      const values = numbers as unknown[];
      if (values.length === 0) return { error: 'Cannot calculate mean of an empty list' };
      if (!values.every(isNumeric)) return { error: 'All elements in the list must be numbers' };
      return { result: asFloat(values.reduce<number>((sum, item) => sum + toNumber(item), 0) / values.length) };
    }),
    method('standard_deviation(numbers: list)', ({ numbers }) => {
      const values = numbers as unknown[];
      if (values.length === 0) return { error: 'Cannot calculate standard deviation of an empty list' };
      if (!values.every(isNumeric)) return { error: 'All elements in the list must be numbers' };
      const mean = values.reduce<number>((sum, item) => sum + toNumber(item), 0) / values.length;
      const variance = values.reduce<number>((sum, item) => sum + (toNumber(item) - mean) ** 2, 0) / values.length;
      return { result: asFloat(Math.sqrt(variance)) };
    }),
    method('si_unit_conversion(value: any, unit_in: str, unit_out: str)', ({ value, unit_in, unit_out }) => {
      const toMeters: Record<string, number> = { km: 1000, m: 1, cm: 0.01, mm: 0.001, um: 1e-6, nm: 1e-9 };
      if (!isNumeric(value)) return { error: 'Value must be a number' };
      const inFactor = lookup(toMeters, unit_in);
      const outFactor = lookup(toMeters, unit_out);
      if (inFactor === undefined || outFactor === undefined)
        return { error: `Conversion from '${unit_in}' to '${unit_out}' is not supported` };
      // from_meters holds 1 / factor, a float, so the result is a float.
      return { result: asFloat(toNumber(value) * inFactor * (1 / outFactor)) };
    }),
    method('imperial_si_conversion(value: any, unit_in: str, unit_out: str)', ({ value, unit_in, unit_out }) => {
      const conversion: Record<string, number> = {
        cm_to_in: 0.393701,
        in_to_cm: 2.54,
        m_to_ft: 3.28084,
        ft_to_m: 0.3048,
        m_to_yd: 1.09361,
        yd_to_m: 0.9144,
        km_to_miles: 0.621371,
        miles_to_km: 1.60934,
        kg_to_lb: 2.20462,
        lb_to_kg: 0.453592,
        celsius_to_fahrenheit: 1.8,
        fahrenheit_to_celsius: 5 / 9,
      };
      if (!isNumeric(value)) return { error: 'Value must be a number' };
      if (unit_in === unit_out) return { result: value };
      const factor = lookup(conversion, `${unit_in}_to_${unit_out}`);
      if (factor === undefined) return { error: `Conversion from '${unit_in}' to '${unit_out}' is not supported` };
      const number = toNumber(value);
      if (unit_in === 'celsius' && unit_out === 'fahrenheit') return { result: asFloat(number * factor + 32) };
      if (unit_in === 'fahrenheit' && unit_out === 'celsius') return { result: asFloat((number - 32) * factor) };
      return { result: asFloat(number * factor) };
    }),
    method('add(a: float, b: float)', ({ a, b }) => ({ result: arithmetic('+', a, b) })),
    method('subtract(a: float, b: float)', ({ a, b }) => ({ result: arithmetic('-', a, b) })),
    method('multiply(a: float, b: float)', ({ a, b }) => ({ result: arithmetic('*', a, b) })),
    method('divide(a: float, b: float)', ({ a, b }) =>
      toNumber(b) === 0 ? { error: 'Cannot divide by zero' } : { result: arithmetic('/', a, b) },
    ),
    method('power(base: float, exponent: float)', ({ base, exponent }) => {
      const result = toNumber(base) ** toNumber(exponent);
      // int ** non-negative int stays an int; a float operand or a negative exponent gives a float.
      return { result: isFloat(base) || isFloat(exponent) || toNumber(exponent) < 0 ? asFloat(result) : result };
    }),
    method('square_root(number: float, precision: int)', ({ number, precision }) => {
      const value = toNumber(number);
      if (value < 0) return { error: 'Cannot calculate square root of a negative number' };
      return { result: new PythonOpaque(`Decimal('${decimalSquareRoot(value, toNumber(precision))}')`) };
    }),
    method('absolute_value(number: float)', ({ number }) => {
      const result = Math.abs(toNumber(number));
      return { result: isFloat(number) ? asFloat(result) : result };
    }),
    method('round_number(number: float, decimal_places: int = 0)', ({ number, decimal_places }) => {
      // round(x, n) needs an int n (a float raises TypeError); it keeps the type of x.
      if (isFloat(decimal_places)) return { error: 'First input must be a number, second input must be an integer' };
      const result = pythonRound(toNumber(number), toNumber(decimal_places));
      return { result: isFloat(number) ? asFloat(result) : result };
    }),
    method('percentage(part: float, whole: float)', ({ part, whole }) =>
      toNumber(whole) === 0
        ? { error: 'Whole value cannot be zero' }
        : { result: asFloat((toNumber(part) / toNumber(whole)) * 100) },
    ),
    method('min_value(numbers: list)', ({ numbers }) => {
      const values = numbers as unknown[];
      if (values.length === 0) return { error: 'Cannot find minimum of an empty list' };
      if (!values.every(isNumeric)) return { error: 'All elements in the list must be numbers' };
      return { result: values.reduce((best, item) => (toNumber(item) < toNumber(best) ? item : best)) };
    }),
    method('max_value(numbers: list)', ({ numbers }) => {
      const values = numbers as unknown[];
      if (values.length === 0) return { error: 'Cannot find maximum of an empty list' };
      if (!values.every(isNumeric)) return { error: 'All elements in the list must be numbers' };
      return { result: values.reduce((best, item) => (toNumber(item) > toNumber(best) ? item : best)) };
    }),
    method('sum_values(numbers: list)', ({ numbers }) => {
      const values = numbers as unknown[];
      if (values.length === 0) return { error: 'Cannot calculate sum of an empty list' };
      if (!values.every(isNumeric)) return { error: 'All elements in the list must be numbers' };
      return { result: values.reduce<unknown>((sum, item) => arithmetic('+', sum, item), 0) };
    }),
  ]);
}
