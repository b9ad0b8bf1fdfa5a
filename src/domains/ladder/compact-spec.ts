/**
 * The compact text a simulator writes for a ladder task type:
 *
 *   p:<step>[,<step>…][|f:<attribute>[,<attribute>…]]
 *
 * e.g. `p:city,firm,boss|f:role,age` (three lookups after a search by role and age) or `p:boss` (the manager of a
 * named person). JSON (`{"path": [...], "filters": [...]}`, filters optional) is read too.
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { type LadderSpec, LadderSpecSchema } from './spec.ts';

/** Canonical compact text of a spec (7–80 characters). */
export function formatLadderSpec(spec: LadderSpec): string {
  const path = `p:${spec.path.join(',')}`;
  return spec.filters.length > 0 ? `${path}|f:${spec.filters.join(',')}` : path;
}

/** Parses compact text or JSON into a validated spec; malformed text gives a reason, never a throw. */
export function parseLadderSpec(text: string): ParseResult<LadderSpec> {
  return parseSpecText(text, { schema: LadderSpecSchema, jsonDefaults: { filters: [] }, parseCompact });
}

const list = (field: string) =>
  field
    .slice(2)
    .split(',')
    .map((item) => item.trim());

function parseCompact(text: string): ParseResult<Record<string, unknown>> {
  if (/[\n\r]/.test(text)) return { ok: false, reason: 'compact spec must be one line' };
  const fields = text.split('|').map((field) => field.trim());
  const spec: Record<string, unknown> = { filters: [] };
  for (const field of fields) {
    const key = field.slice(0, 2);
    if (key !== 'p:' && key !== 'f:')
      return { ok: false, reason: `unknown spec field ${JSON.stringify(field)} (expected p:… and f:…)` };
    const name = key === 'p:' ? 'path' : 'filters';
    if (name in spec && (name === 'path' || fields.filter((other) => other.startsWith('f:')).length > 1))
      return { ok: false, reason: `field ${key} appears twice` };
    spec[name] = list(field);
  }
  if (!('path' in spec)) return { ok: false, reason: 'spec has no path (p:…)' };
  return { ok: true, value: spec };
}
