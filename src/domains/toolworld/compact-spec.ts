/**
 * The compact text of a spec, short enough for a byte-level simulator to write:
 *
 *   intent|p<phrasing>|w<words>|c<context>[|d:<tool>,<tool>…][|s:<slot>=<value>,…]
 *
 * e.g. `temp_text|p1|w2|c0|d:mul,cancel_alarm|s:city=Oslo`. Parsing also accepts the fields after the
 * intent in any order, leaves out p/w/c (0) and d/s (none), and accepts the spec as JSON (where the
 * same fields may be left out).
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { ToolWorldSpecSchema, type ToolWorldSpec } from './spec.ts';
import { parseSpecText } from '../spec-text.ts';

/** Canonical compact text of a spec (20–130 characters). */
export function formatToolWorldSpec(spec: ToolWorldSpec): string {
  const fields = [spec.intent, `p${spec.phrasing}`, `w${spec.words}`, `c${spec.context}`];
  if (spec.distractors.length > 0) fields.push(`d:${spec.distractors.join(',')}`);
  const slots = Object.entries(spec.slots);
  if (slots.length > 0) fields.push(`s:${slots.map(([name, value]) => `${name}=${value}`).join(',')}`);
  return fields.join('|');
}

/** Parses compact text or JSON into a validated spec; malformed text gives a reason, never a throw. */
export function parseToolWorldSpec(text: string): ParseResult<ToolWorldSpec> {
  return parseSpecText(text, {
    schema: ToolWorldSpecSchema,
    jsonDefaults: { distractors: [], phrasing: 0, words: 0, context: 0, slots: {} },
    parseCompact: parseCompactFields,
  });
}

/** Splits the compact form into a plain object (types checked later by the schema). */
function parseCompactFields(text: string): ParseResult<Record<string, unknown>> {
  if (/[\n\r]/.test(text)) return { ok: false, reason: 'compact spec must be one line' };
  const [intent, ...rest] = text.split('|').map((field) => field.trim());
  if (!intent || !/^[a-z_]+$/.test(intent))
    return { ok: false, reason: `spec must start with an intent name, got ${JSON.stringify(intent ?? '')}` };
  const spec: Record<string, unknown> = { intent, distractors: [], phrasing: 0, words: 0, context: 0, slots: {} };
  const seen = new Set<string>();
  for (const field of rest) {
    const key = field.slice(0, 1);
    if (seen.has(key)) return { ok: false, reason: `field ${key} appears twice` };
    seen.add(key);
    const numeric = /^([pwc])(\d)$/.exec(field);
    if (numeric) {
      spec[{ p: 'phrasing', w: 'words', c: 'context' }[numeric[1] as 'p' | 'w' | 'c']] = Number(numeric[2]);
    } else if (field.startsWith('d:')) {
      const names = field
        .slice(2)
        .split(',')
        .map((name) => name.trim());
      if (names.some((name) => name.length === 0)) return { ok: false, reason: 'empty distractor name' };
      spec.distractors = names;
    } else if (field.startsWith('s:')) {
      const slots: Record<string, string> = {};
      for (const pair of field.slice(2).split(',')) {
        const equals = pair.indexOf('=');
        if (equals <= 0) return { ok: false, reason: `slot ${JSON.stringify(pair)} is not name=value` };
        const name = pair.slice(0, equals).trim();
        if (name in slots) return { ok: false, reason: `slot ${name} appears twice` };
        slots[name] = pair.slice(equals + 1).trim();
      }
      spec.slots = slots;
    } else {
      return { ok: false, reason: `unknown spec field ${JSON.stringify(field)} (expected p<n>, w<n>, c<n>, d:…, s:…)` };
    }
  }
  return { ok: true, value: spec };
}
