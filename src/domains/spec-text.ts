/**
 * What every domain's spec parser shares: a simulator writes a spec either as the domain's compact one-line text or
 * as a JSON object, and both end in the domain's schema. Malformed text gives a reason, never a throw.
 */
import type { z } from 'zod';
import type { ParseResult } from '../interfaces/task.ts';
import { describeZodError } from '../interfaces/zod-error.ts';

/** Longest spec text read (characters); a simulator that rambles past it wrote no spec. */
export const MAX_SPEC_TEXT = 2000;

/** How one domain reads its spec text. */
export interface SpecTextFormat<Spec> {
  /** The spec's schema (the last word on every field). */
  schema: z.ZodType<Spec>;
  /** Fields a JSON object may leave out, with their values (none when absent). */
  jsonDefaults?: Record<string, unknown>;
  /** Splits the compact form into a plain object whose types the schema checks. */
  parseCompact: (text: string) => ParseResult<unknown>;
}

/**
 * Parses compact text or JSON (an object or array, recognised by its first character) into a validated spec.
 * Text is trimmed first; empty text and text over MAX_SPEC_TEXT characters are rejected with a reason.
 */
export function parseSpecText<Spec>(text: string, format: SpecTextFormat<Spec>): ParseResult<Spec> {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, reason: 'empty spec' };
  if (trimmed.length > MAX_SPEC_TEXT)
    return { ok: false, reason: `spec text too long (${trimmed.length} characters, at most ${MAX_SPEC_TEXT})` };
  let candidate: unknown;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      candidate = withDefaults(JSON.parse(trimmed), format.jsonDefaults ?? {});
    } catch (error) {
      return { ok: false, reason: `spec is not valid JSON: ${(error as Error).message}` };
    }
  } else {
    const fields = format.parseCompact(trimmed);
    if (!fields.ok) return fields;
    candidate = fields.value;
  }
  const parsed = format.schema.safeParse(candidate);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: `invalid spec: ${describeZodError(parsed.error)}` };
}

/** A JSON object with the left-out fields filled in; other values pass through to the schema, which rejects them. */
function withDefaults(value: unknown, defaults: Record<string, unknown>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...defaults, ...(value as Record<string, unknown>) };
}
