/**
 * The compact text a simulator writes for a ladder task type:
 *
 *   f:<attribute>[,<attribute>…]|x<distractors>
 *
 * e.g. `f:role,team,age|x2` (the person is found by role, team and age; two more values are mentioned to be ruled
 * out). JSON (`{"filters": ["role", "team", "age"], "distractors": 2}`) is read too.
 */
import type { z } from 'zod';
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { type LadderSpec, LadderSpecSchema } from './spec.ts';

/** Canonical compact text of a spec (7–40 characters). */
export const formatLadderSpec = (spec: LadderSpec): string => `f:${spec.filters.join(',')}|x${spec.distractors}`;

/**
 * Parses compact text or JSON into a spec valid under `schema` (the world's own; the original ladder's by default);
 * malformed text gives a reason, never a throw.
 */
export function parseLadderSpec(
  text: string,
  schema: z.ZodType<LadderSpec> = LadderSpecSchema,
): ParseResult<LadderSpec> {
  return parseSpecText(text, { schema, jsonDefaults: { distractors: 0 }, parseCompact });
}

function parseCompact(text: string): ParseResult<Record<string, unknown>> {
  const match = /^f:([^|\n\r]*?)\s*(?:\|\s*x(\d+))?$/.exec(text);
  if (!match)
    return {
      ok: false,
      reason: `spec must read f:<attribute>,…|x<distractors>, got ${JSON.stringify(text.slice(0, 60))}`,
    };
  const filters = match[1]!.split(',').map((item) => item.trim());
  return { ok: true, value: { filters, distractors: match[2] === undefined ? 0 : Number(match[2]) } };
}
