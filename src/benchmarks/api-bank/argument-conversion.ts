/**
 * Turning extracted arguments into the values an API receives.
 *
 * Official (`ToolManager.api_call`): an argument name the API does not declare fails ("invalid
 * parameter name"); int needs `str.isdigit()` then `int()`; float needs digits with at most one '.';
 * bool is `value == 'True'`; str, list and list(str) pass through unchanged (a list arrives as its text).
 * A declared parameter without a default that is missing fails as Python's TypeError does.
 *
 * Fixed: the same, except that list-typed text is read as a Python literal, numbers and booleans are
 * accepted in their JSON form as well as their text, and the parameter names the dialogues were recorded
 * with but the current API renamed are mapped (`device_id` → `name` for the timed switches).
 */
import type { ApiDefinition, ScoringMode } from './api-types.ts';
import { parseLiteral } from './python-literal.ts';
import { pythonIsDigit } from './python-values.ts';

export type ConversionResult = { ok: true; arguments: Record<string, unknown> } | { ok: false; reason: string };

/** Parameter names recorded in the dialogues under an older signature of the API (fixed mode only). */
export const renamedParameters: Record<string, Record<string, string>> = {
  TimedSwitch: { device_id: 'name' },
  CancelTimedSwitch: { device_id: 'name' },
};

function convertOfficial(type: string, value: unknown): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (type === 'int') {
    if (typeof value === 'string' && !pythonIsDigit(value))
      return { ok: false, reason: `invalid parameter type. parameter: ${value}` };
    const number = Number(value);
    return Number.isFinite(number)
      ? { ok: true, value: Math.trunc(number) }
      : { ok: false, reason: 'invalid parameter type.' };
  }
  if (type === 'float') {
    if (typeof value === 'string' && !pythonIsDigit(value.replace('.', '')))
      return { ok: false, reason: 'invalid parameter type.' };
    return { ok: true, value: Number(value) };
  }
  if (type === 'bool') return { ok: true, value: value === 'True' };
  return { ok: true, value };
}

function convertFixed(type: string, value: unknown): { ok: true; value: unknown } | { ok: false; reason: string } {
  const textValue = typeof value === 'string' ? value.trim() : value;
  if (type === 'int') {
    if (typeof textValue === 'number' && Number.isInteger(textValue)) return { ok: true, value: textValue };
    if (typeof textValue === 'string' && /^[+-]?\d+$/.test(textValue))
      return { ok: true, value: Number.parseInt(textValue, 10) };
    return { ok: false, reason: `invalid parameter type: ${JSON.stringify(value)} is not an int` };
  }
  if (type === 'float') {
    if (typeof textValue === 'number') return { ok: true, value: textValue };
    if (typeof textValue === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(textValue))
      return { ok: true, value: Number(textValue) };
    return { ok: false, reason: `invalid parameter type: ${JSON.stringify(value)} is not a float` };
  }
  if (type === 'bool') {
    if (typeof value === 'boolean') return { ok: true, value };
    if (typeof textValue === 'string' && /^(true|false)$/i.test(textValue))
      return { ok: true, value: textValue.toLowerCase() === 'true' };
    return { ok: false, reason: `invalid parameter type: ${JSON.stringify(value)} is not a bool` };
  }
  if (type === 'list' || type === 'list(str)') {
    if (typeof value === 'string') {
      const literal = parseLiteral(value);
      if (literal && Array.isArray(literal.value)) return { ok: true, value: literal.value };
    }
    return { ok: true, value };
  }
  // str: a number or boolean given where text is declared is read as its text, as the official parser does.
  if (typeof value === 'number') return { ok: true, value: String(value) };
  if (typeof value === 'boolean') return { ok: true, value: value ? 'True' : 'False' };
  return { ok: true, value };
}

/** Validates and converts the arguments of one call to `api` under the mode's rules. */
export function convertArguments(
  api: ApiDefinition,
  extracted: Record<string, unknown>,
  mode: ScoringMode,
): ConversionResult {
  const converted: Record<string, unknown> = {};
  const renames = mode === 'fixed' ? (renamedParameters[api.name] ?? {}) : {};
  for (const [rawName, value] of Object.entries(extracted)) {
    const name = renames[rawName] ?? rawName;
    const type = api.parameters[name];
    if (type === undefined) return { ok: false, reason: `invalid parameter name. parameter: ${rawName}` };
    if (mode === 'fixed' && name in converted) return { ok: false, reason: `duplicate parameter: ${name}` };
    const result = mode === 'official' ? convertOfficial(type, value) : convertFixed(type, value);
    if (!result.ok) return result;
    converted[name] = result.value;
  }
  const missing = api.required.filter((name) => !(name in converted));
  if (missing.length > 0)
    return { ok: false, reason: `missing required positional argument(s): ${missing.join(', ')}` };
  return { ok: true, arguments: converted };
}
