import type { ParseResult } from '../../interfaces/index.ts';
import { parseSpecText } from '../spec-text.ts';
import { ArithmeticSpecSchema, type ArithmeticSpec } from './spec.ts';

/** Compact text of a spec, e.g. `add d3 t2 x1`. */
export function formatArithmeticSpec(spec: ArithmeticSpec): string {
  return `${spec.operation} d${spec.digits} t${spec.terms} x${spec.distractors}`;
}

/** Parses the compact form or JSON; validates against the schema. Never throws. */
export function parseArithmeticSpec(text: string): ParseResult<ArithmeticSpec> {
  return parseSpecText(text, { schema: ArithmeticSpecSchema, parseCompact: parseCompactFields });
}

/** `<operation> d<digits> t<terms> x<distractors>` as a plain object (types checked by the schema). */
function parseCompactFields(text: string): ParseResult<unknown> {
  const match = /^(\w+)\s+d(\d+)\s+t(\d+)\s+x(\d+)$/.exec(text);
  if (!match)
    return {
      ok: false,
      reason: `spec "${text.slice(0, 60)}" is not of the form "<operation> d<digits> t<terms> x<distractors>"`,
    };
  return {
    ok: true,
    value: { operation: match[1], digits: Number(match[2]), terms: Number(match[3]), distractors: Number(match[4]) },
  };
}
