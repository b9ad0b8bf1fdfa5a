/**
 * The compact text a simulator writes for a ladder task type:
 *
 *   c<candidates>|f:<attribute>[,<attribute>…]
 *
 * e.g. `c5|f:role,team,age` (five people returned, told apart by role, team and age). JSON
 * (`{"candidates": 5, "filters": ["role", "team", "age"]}`) is read too.
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { type LadderSpec, LadderSpecSchema } from './spec.ts';

/** Canonical compact text of a spec (7–40 characters). */
export const formatLadderSpec = (spec: LadderSpec): string => `c${spec.candidates}|f:${spec.filters.join(',')}`;

/** Parses compact text or JSON into a validated spec; malformed text gives a reason, never a throw. */
export function parseLadderSpec(text: string): ParseResult<LadderSpec> {
  return parseSpecText(text, { schema: LadderSpecSchema, parseCompact });
}

function parseCompact(text: string): ParseResult<Record<string, unknown>> {
  const match = /^c(\d+)\s*\|\s*f:([^|\n\r]*)$/.exec(text);
  if (!match)
    return {
      ok: false,
      reason: `spec must read c<candidates>|f:<attribute>,…, got ${JSON.stringify(text.slice(0, 60))}`,
    };
  const filters = match[2]!.split(',').map((item) => item.trim());
  return { ok: true, value: { candidates: Number(match[1]), filters } };
}
