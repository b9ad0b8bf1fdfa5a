/**
 * What every domain's `specFromKnobs` checks first: one allowed value for each of its knobs and no other names.
 * A value may arrive as text ("3" for 3), as it does from a parametric simulator's stored choices or a CLI flag.
 */
import type { Knob } from '../interfaces/domain.ts';
import type { ParseResult } from '../interfaces/task.ts';

/** The allowed value of each knob, by name; an unknown name, a missing knob or a value not allowed gives the reason. */
export function chooseKnobValues(
  knobs: readonly Knob[],
  values: Record<string, string | number>,
): ParseResult<Record<string, string | number>> {
  for (const name of Object.keys(values))
    if (!knobs.some((knob) => knob.name === name)) return { ok: false, reason: `unknown knob ${name}` };
  const chosen: Record<string, string | number> = {};
  for (const knob of knobs) {
    const raw = values[knob.name];
    if (raw === undefined) return { ok: false, reason: `missing knob ${knob.name}` };
    const value = knob.values.find((allowed) => String(allowed) === String(raw));
    if (value === undefined)
      return {
        ok: false,
        reason: `knob ${knob.name} must be one of ${knob.values.join(', ')}, got ${JSON.stringify(raw)}`,
      };
    chosen[knob.name] = value;
  }
  return { ok: true, value: chosen };
}

/** Every combination of the knobs' values (a cell: one value per knob), the first knob varying slowest. */
export function knobCells(knobs: readonly Knob[]): Record<string, string | number>[] {
  return knobs.reduce<Record<string, string | number>[]>(
    (cells, knob) => cells.flatMap((cell) => knob.values.map((value) => ({ ...cell, [knob.name]: value }))),
    [{}],
  );
}
