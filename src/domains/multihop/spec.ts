/**
 * The multi-hop spec the simulator writes: the question's form, the path(s) of relations it walks from a
 * named start entity, distractor documents and the paraphrase level. Compact form:
 *
 *   bridge|founder>born|d2|p1              In which year was the founder of Zelmark born?
 *   bridge|founder>birthplace>country|d0|p0 What is the country of the birthplace of the founder of Zelmark?
 *   which|founder>born|leader>born|d1|p1   Of the creator of Zelmark and the person who leads Vourne, who was
 *                                          born first?
 *   yesno|founded|founded|d0|p0            Was Zelmark founded before Quorvex?
 *
 * Hops = documents the reference reads = the relations of all paths (2–4). A bridge's answer is the value or
 * the entity its path ends with; a comparison's two paths end with the same value relation, and its answer
 * is the entity that comes first (`which`: earlier year, larger count) or yes/no (`yesno`: does the first
 * side come first).
 */
import { z } from 'zod';
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { RELATION_NAMES, isValueRelation, pathIssue } from './catalogue.ts';
import { PARAPHRASE_LEVELS } from './phrases.ts';

export const FORMS = ['bridge', 'which', 'yesno'] as const;
export type QuestionForm = (typeof FORMS)[number];
export const MIN_HOPS = 2;
export const MAX_HOPS = 4;
/** Similar-named documents added to the world (each shares a name word with an entity the question visits). */
export const MAX_DISTRACTORS = 4;

export const MultihopSpecSchema = z
  .object({
    form: z.enum(FORMS).describe('bridge: follow one path; which / yesno: compare the ends of two paths'),
    paths: z
      .array(z.array(z.enum(RELATION_NAMES)).min(1).max(MAX_HOPS))
      .min(1)
      .max(2)
      .describe('relations walked from a named start entity (one path for a bridge, two for a comparison)'),
    distractors: z.number().int().min(0).max(MAX_DISTRACTORS).describe('similar-named distractor documents'),
    paraphrase: z
      .number()
      .int()
      .min(0)
      .max(PARAPHRASE_LEVELS - 1)
      .describe('question wording: 0 common … 3 unseen in the seeds'),
  })
  .strict()
  .superRefine((spec, issues) => {
    const issue = specIssue(spec);
    if (issue) issues.addIssue({ code: 'custom', message: issue, path: ['paths'] });
  });
export type MultihopSpec = z.infer<typeof MultihopSpecSchema>;

/** Hops of a spec: documents to read, one per relation. */
export const hopsOf = (spec: Pick<MultihopSpec, 'paths'>): number =>
  spec.paths.reduce((sum, path) => sum + path.length, 0);

/** What kind of answer a spec asks for. */
export type AnswerType = 'number' | 'entity' | 'which' | 'yesno';

export function answerTypeOf(spec: Pick<MultihopSpec, 'form' | 'paths'>): AnswerType {
  if (spec.form !== 'bridge') return spec.form;
  const path = spec.paths[0]!;
  return isValueRelation(path[path.length - 1]!) ? 'number' : 'entity';
}

/** The family of a spec: `bridge-number`, `bridge-entity`, `compare-which` or `compare-yesno`. */
export function familyOf(spec: Pick<MultihopSpec, 'form' | 'paths'>): string {
  return spec.form === 'bridge' ? `bridge-${answerTypeOf(spec)}` : `compare-${spec.form}`;
}

/** Why the form and paths of a spec do not make a question (null when they do). */
function specIssue(spec: Pick<MultihopSpec, 'form' | 'paths'>): string | null {
  for (const path of spec.paths) {
    const issue = pathIssue(path);
    if (issue) return issue;
  }
  const hops = hopsOf(spec);
  if (hops < MIN_HOPS || hops > MAX_HOPS)
    return `a question takes ${MIN_HOPS}–${MAX_HOPS} hops, these paths take ${hops}`;
  if (spec.form === 'bridge') {
    if (spec.paths.length !== 1) return `a bridge follows one path, got ${spec.paths.length}`;
    return null;
  }
  if (spec.paths.length !== 2) return `a comparison (${spec.form}) needs two paths, got ${spec.paths.length}`;
  const ends = spec.paths.map((path) => path[path.length - 1]!);
  if (!ends.every(isValueRelation)) return 'both paths of a comparison must end with a value (born, founded, …)';
  if (ends[0] !== ends[1]) return `a comparison compares one value, got ${ends[0]} and ${ends[1]}`;
  return null;
}

/** Canonical compact text: `form|path|[path|]d<n>|p<n>`, relations of a path joined by `>`. */
export function formatMultihopSpec(spec: MultihopSpec): string {
  return [spec.form, ...spec.paths.map((path) => path.join('>')), `d${spec.distractors}`, `p${spec.paraphrase}`].join(
    '|',
  );
}

/** Parses the compact form or JSON; malformed text gives a reason, never a throw. */
export function parseMultihopSpec(text: string): ParseResult<MultihopSpec> {
  return parseSpecText(text, { schema: MultihopSpecSchema, parseCompact: parseCompactFields });
}

/** `form|path[|path]|d<n>|p<n>` as a plain object (types checked by the schema). */
function parseCompactFields(text: string): ParseResult<unknown> {
  const fields = text.split('|').map((field) => field.trim());
  const distractors = /^d(\d)$/.exec(fields[fields.length - 2] ?? '');
  const paraphrase = /^p(\d)$/.exec(fields[fields.length - 1] ?? '');
  if (fields.length < 4 || !distractors || !paraphrase)
    return { ok: false, reason: 'expected form|path[|path]|d<n>|p<n>, e.g. bridge|founder>born|d0|p0' };
  return {
    ok: true,
    value: {
      form: fields[0],
      paths: fields.slice(1, -2).map((path) => path.split('>').map((relation) => relation.trim())),
      distractors: Number(distractors[1]),
      paraphrase: Number(paraphrase[1]),
    },
  };
}
