/**
 * The compact text of a spec, short enough for a byte-level simulator to write:
 *
 *   d<days>|c<cities>|p<people>|<loose|medium|tight>|x<distractors>[|h:<rule>][|r:<room>][|f:<cuisine>,…]
 *   [|t:<noflight|nodrive>][|o:<home city>][|to:<destination>]
 *
 * e.g. `d3|c1|p2|tight|x1|h:pets|f:Chinese,Indian`. Parsing also accepts the fields after `d`/`c` in any order, leaves
 * out p (1), the budget (loose), x (0) and the constraints (none), and accepts the spec as JSON (the same fields may be
 * left out there).
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { BUDGET_LEVELS, TravelSpecSchema, type TravelSpec } from './spec.ts';

/** Canonical compact text of a spec (about 20–90 characters). */
export function formatTravelSpec(spec: TravelSpec): string {
  const fields = [`d${spec.days}`, `c${spec.cities}`, `p${spec.people}`, spec.budget, `x${spec.distractors}`];
  if (spec.houseRule !== null) fields.push(`h:${spec.houseRule}`);
  if (spec.roomType !== null) fields.push(`r:${spec.roomType}`);
  if (spec.cuisines.length > 0) fields.push(`f:${spec.cuisines.join(',')}`);
  if (spec.transport !== null) fields.push(`t:${spec.transport}`);
  if (spec.origin !== null) fields.push(`o:${spec.origin}`);
  if (spec.destination !== null) fields.push(`to:${spec.destination}`);
  return fields.join('|');
}

const DEFAULTS = {
  people: 1,
  budget: 'loose',
  distractors: 0,
  houseRule: null,
  roomType: null,
  cuisines: [],
  transport: null,
  origin: null,
  destination: null,
};

/** Parses compact text or JSON into a validated spec; malformed text gives a reason, never a throw. */
export function parseTravelSpec(text: string): ParseResult<TravelSpec> {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, reason: 'empty spec' };
  if (trimmed.length > 2000)
    return { ok: false, reason: `spec text too long (${trimmed.length} characters, at most 2000)` };
  let candidate: unknown;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      candidate =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? { ...DEFAULTS, ...(value as Record<string, unknown>) }
          : value;
    } catch (error) {
      return { ok: false, reason: `spec is not valid JSON: ${(error as Error).message}` };
    }
  } else {
    const fields = parseCompactFields(trimmed);
    if (!fields.ok) return fields;
    candidate = fields.value;
  }
  const parsed = TravelSpecSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: `invalid spec: ${describeZodError(parsed.error)}` };
}

const NUMERIC: Record<string, string> = { d: 'days', c: 'cities', p: 'people', x: 'distractors' };
const KEYED: Record<string, string> = {
  h: 'houseRule',
  r: 'roomType',
  f: 'cuisines',
  t: 'transport',
  o: 'origin',
  to: 'destination',
};

/** Splits the compact form into a plain object (types checked later by the schema). */
function parseCompactFields(text: string): ParseResult<Record<string, unknown>> {
  if (/[\n\r]/.test(text)) return { ok: false, reason: 'compact spec must be one line' };
  const spec: Record<string, unknown> = { ...DEFAULTS };
  const seen = new Set<string>();
  const once = (key: string): string | null => {
    if (seen.has(key)) return `field ${key} appears twice`;
    seen.add(key);
    return null;
  };
  for (const field of text.split('|').map((part) => part.trim())) {
    const numeric = /^([dcpx])(\d{1,2})$/.exec(field);
    const keyed = /^(h|r|f|t|o|to):(.*)$/.exec(field);
    let twice: string | null;
    if (numeric) {
      twice = once(numeric[1]!);
      spec[NUMERIC[numeric[1]!]!] = Number(numeric[2]);
    } else if ((BUDGET_LEVELS as readonly string[]).includes(field)) {
      twice = once('budget');
      spec.budget = field;
    } else if (keyed) {
      twice = once(keyed[1]!);
      const value = keyed[2]!.trim();
      if (value.length === 0) return { ok: false, reason: `field ${keyed[1]} is empty` };
      spec[KEYED[keyed[1]!]!] = keyed[1] === 'f' ? value.split(',').map((cuisine) => cuisine.trim()) : value;
    } else {
      return {
        ok: false,
        reason:
          `unknown spec field ${JSON.stringify(field)} ` +
          '(expected d<n>, c<n>, p<n>, loose/medium/tight, x<n>, h:, r:, f:, t:, o:, to:)',
      };
    }
    if (twice !== null) return { ok: false, reason: twice };
  }
  if (!seen.has('d') || !seen.has('c')) return { ok: false, reason: 'a spec needs d<days> and c<cities>' };
  return { ok: true, value: spec };
}
