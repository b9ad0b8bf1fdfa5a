/**
 * A clauses task type: the request's composition, an ordered sequence of clauses, each about one of the person's six
 * attributes in one of three forms. `give` states the attribute's value; `not` mentions a value only to rule it out;
 * `any` says any value of the attribute will do. A later `give` or `any` of an attribute replaces what an earlier one
 * said, so what the agent must pass for an attribute is decided by the last clause about it that is not a `not`. The
 * world declares no difficulty knobs: how hard a composition is follows from which attributes, which forms and their
 * order, and no number in the spec says it.
 */
import { z } from 'zod';
import { ATTRIBUTES, type Attribute } from '../ladder/directory.ts';

/** The forms of a clause, in the order the grammar offers them. */
export const FORMS = ['give', 'not', 'any'] as const;
export type Form = (typeof FORMS)[number];

/** One clause: a form and the attribute it is about. */
export interface Clause {
  form: Form;
  attribute: Attribute;
}

/** Every clause a composition may hold, forms slowest: 3 forms × 6 attributes = 18. */
export const CLAUSES: readonly Clause[] = FORMS.flatMap((form) => ATTRIBUTES.map((attribute) => ({ form, attribute })));

export const MIN_CLAUSES = 1;
/** The most clauses of the original world (width 1). */
export const MAX_CLAUSES = 6;
/** The widest world: compositions of up to MAX_CLAUSES × MAX_WIDTH clauses. */
export const MAX_WIDTH = 4;

/** The most clauses a world of `width` allows: MAX_CLAUSES × width (6..24). */
export const maxClausesOf = (width: number): number => MAX_CLAUSES * width;

/** The spec schema of a world whose compositions hold at most `maxClauses` clauses. */
export const clausesSpecSchema = (maxClauses: number) =>
  z
    .object({
      clauses: z
        .array(
          z
            .object({
              form: z
                .enum(FORMS)
                .describe('give: the value is stated; not: a value is ruled out; any: any value will do'),
              attribute: z.enum(ATTRIBUTES).describe('the attribute the clause is about'),
            })
            .strict(),
        )
        .min(MIN_CLAUSES)
        .max(maxClauses)
        .describe('the clauses of the request, in the order it says them'),
    })
    .strict();

/** The spec schema of the original world (width 1). */
export const ClausesSpecSchema = clausesSpecSchema(MAX_CLAUSES);

export type ClausesSpec = z.infer<typeof ClausesSpecSchema>;

/**
 * What the request finally says of each attribute: the last `give` or `any` clause about it (its position in the
 * composition and its form), or null when every clause about it is a `not` or there is none.
 */
export function finalClauses(spec: ClausesSpec): Record<Attribute, { form: 'give' | 'any'; position: number } | null> {
  const last = Object.fromEntries(ATTRIBUTES.map((attribute) => [attribute, null])) as Record<
    Attribute,
    { form: 'give' | 'any'; position: number } | null
  >;
  spec.clauses.forEach((clause, position) => {
    if (clause.form !== 'not') last[clause.attribute] = { form: clause.form, position };
  });
  return last;
}

/**
 * Counts of a composition's parts, for reports (none of them says how hard it is): clauses, clauses of each form, and
 * the distinct attributes mentioned.
 */
export function partCounts(spec: ClausesSpec): Record<string, number> {
  const count = (form: Form) => spec.clauses.filter((clause) => clause.form === form).length;
  return {
    clauses: spec.clauses.length,
    given: count('give'),
    ruledOut: count('not'),
    anyValue: count('any'),
    attributes: new Set(spec.clauses.map((clause) => clause.attribute)).size,
  };
}
