import { describeZodError, type ParseResult } from '../../interfaces/index.ts';
import { ArithmeticSpecSchema, type ArithmeticSpec } from './spec.ts';

/** Compact text of a spec, e.g. `add d3 t2 x1`. */
export function formatArithmeticSpec(spec: ArithmeticSpec): string {
  return `${spec.operation} d${spec.digits} t${spec.terms} x${spec.distractors}`;
}

/** Parses the compact form or JSON; validates against the schema. Never throws. */
export function parseArithmeticSpec(text: string): ParseResult<ArithmeticSpec> {
  const trimmed = text.trim();
  let candidate: unknown;
  if (trimmed.startsWith('{')) {
    try {
      candidate = JSON.parse(trimmed);
    } catch (error) {
      return { ok: false, reason: `spec is not valid JSON: ${(error as Error).message}` };
    }
  } else {
    const match = /^(\w+)\s+d(\d+)\s+t(\d+)\s+x(\d+)$/.exec(trimmed);
    if (!match)
      return {
        ok: false,
        reason: `spec "${trimmed.slice(0, 60)}" is not of the form "<operation> d<digits> t<terms> x<distractors>"`,
      };
    candidate = {
      operation: match[1],
      digits: Number(match[2]),
      terms: Number(match[3]),
      distractors: Number(match[4]),
    };
  }
  const parsed = ArithmeticSpecSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: `invalid spec: ${describeZodError(parsed.error, 'value')}` };
  return { ok: true, value: parsed.data };
}
