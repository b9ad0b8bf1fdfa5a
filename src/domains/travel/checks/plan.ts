/**
 * A plan as the official evaluator receives it: a list of day dicts whose values are strings
 * (`days` a number). Field access mirrors Python's: `has` is `key in unit`, and reading a missing key
 * is a KeyError — here a `PlanShapeError`, which fails the check that read it.
 */
export type PlanDay = Record<string, string | number>;
export type Plan = PlanDay[];

/** The eight day keys, in the official order. */
export const PLAN_KEYS = [
  'days',
  'current_city',
  'transportation',
  'breakfast',
  'attraction',
  'lunch',
  'dinner',
  'accommodation',
] as const;

/** The text a day holds when nothing needs to be filled in (counted as an absent day by the official check). */
/** The three meal fields of a plan day. */
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/** The days a check looks at: the plan's first `query.days` days (the official evaluators stop there). */
export function evaluatedDays(query: { days: number }, plan: Plan): PlanDay[] {
  return plan.slice(0, Math.min(query.days, plan.length));
}

export const NOTHING_TO_FILL = "You don't need to fill in the information for this or later days.";

/** A plan entry that the official evaluator could not read (it raises and stops there). */
export class PlanShapeError extends Error {}

/** `unit[key]` as text; throws PlanShapeError when the key is absent. */
export function field(unit: PlanDay, key: string): string {
  if (!(key in unit)) throw new PlanShapeError(`day ${String(unit.days ?? '?')} has no "${key}"`);
  return String(unit[key]);
}

/** `key in unit`. */
export function has(unit: PlanDay, key: string): boolean {
  return key in unit;
}

/** Python truthiness of a field value: '' and 0 are false. */
export function truthy(value: string | number | undefined): boolean {
  return value !== undefined && value !== '' && value !== 0;
}

/** `unit.get(key)` is truthy and not "-": the entry names something. */
export function filled(unit: PlanDay, key: string): boolean {
  return has(unit, key) && truthy(unit[key]) && unit[key] !== '-';
}

/**
 * Normalises parsed JSON into day dicts: objects only (else null); `days` kept as a number when numeric;
 * other values become strings — null as '' (the official code would crash or misread it), nested values
 * as their JSON text.
 */
export function toPlan(value: unknown): Plan | null {
  if (!Array.isArray(value)) return null;
  const plan: Plan = [];
  for (const day of value) {
    if (day === null || typeof day !== 'object' || Array.isArray(day)) return null;
    const unit: PlanDay = {};
    for (const [key, inner] of Object.entries(day as Record<string, unknown>)) {
      if (key === 'days' && typeof inner === 'number') unit[key] = inner;
      else if (inner === null || inner === undefined) unit[key] = '';
      else if (typeof inner === 'string') unit[key] = inner;
      else if (typeof inner === 'number' || typeof inner === 'boolean') unit[key] = String(inner);
      else unit[key] = JSON.stringify(inner);
    }
    plan.push(unit);
  }
  return plan;
}
