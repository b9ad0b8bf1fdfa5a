/**
 * The compact text a simulator writes for a clauses task type: its clauses in order, comma-separated, each the
 * attribute alone (`give`), or after `not ` or `any `:
 *
 *   role,not team,any role,city
 *
 * (the request gives a role, rules out a team, then says any role will do, and gives a city). JSON
 * (`{"clauses": [{"form": "give", "attribute": "role"}, …]}`) is read too.
 */
import type { z } from 'zod';
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { type Clause, type ClausesSpec, ClausesSpecSchema } from './spec.ts';

/** The text of one clause: `role`, `not role` or `any role`. */
export const formatClause = (clause: Clause): string =>
  clause.form === 'give' ? clause.attribute : `${clause.form} ${clause.attribute}`;

/** Canonical compact text of a spec (3–9 characters a clause). */
export const formatClausesSpec = (spec: ClausesSpec): string => spec.clauses.map(formatClause).join(',');

/**
 * Parses compact text or JSON into a spec valid under `schema` (the world's own; the original world's by default);
 * malformed text gives a reason, never a throw.
 */
export function parseClausesSpec(
  text: string,
  schema: z.ZodType<ClausesSpec> = ClausesSpecSchema,
): ParseResult<ClausesSpec> {
  return parseSpecText(text, { schema, parseCompact });
}

function parseCompact(text: string): ParseResult<Record<string, unknown>> {
  const clauses: Record<string, string>[] = [];
  for (const part of text.split(',')) {
    const words = part.trim().split(/\s+/);
    if (words.length === 1 && words[0]) clauses.push({ form: 'give', attribute: words[0] });
    else if (words.length === 2 && (words[0] === 'not' || words[0] === 'any'))
      clauses.push({ form: words[0], attribute: words[1]! });
    else
      return {
        ok: false,
        reason: `spec must read <clause>,<clause>,… (each <attribute>, not <attribute> or any <attribute>), got ${JSON.stringify(part.trim().slice(0, 40))}`,
      };
  }
  return { ok: true, value: { clauses } };
}
