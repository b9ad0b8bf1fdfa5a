import type { z } from 'zod';
import {
  type AgentPrompt,
  type Completion,
  describeZodError,
  type HeldOutSet,
  type InstantiateResult,
  type ParseResult,
  type Score,
  type TaskInstance,
} from '../../interfaces/index.ts';
import { Random, stableId } from '../../util/random.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { ArithmeticOptionsSchema } from './options.ts';
import { arithmeticGrammar } from './grammar.ts';
import {
  ArithmeticSpecSchema,
  arithmeticDifficulty,
  exactProduct,
  type ArithmeticPayload,
  type ArithmeticSpec,
} from './spec.ts';
import { formatArithmeticSpec, parseArithmeticSpec } from './format.ts';

const SYMBOL: Record<ArithmeticSpec['operation'], string> = { add: '+', subtract: '-', multiply: '*' };
const VERSION = 'arithmetic-1';

/** Exact integer result, or null when it would lose precision (beyond 2^53). */
function evaluate(operation: ArithmeticSpec['operation'], operands: readonly number[]): number | null {
  let result = operands[0]!;
  for (const operand of operands.slice(1)) {
    result = operation === 'add' ? result + operand : operation === 'subtract' ? result - operand : result * operand;
  }
  return Number.isSafeInteger(result) ? result : null;
}

function operand(random: Random, digits: number): number {
  return digits === 1 ? random.int(1, 9) : random.int(10 ** (digits - 1), 10 ** digits - 1);
}

/** Pulls the final integer out of an agent's answer ("= 42", "42", "answer: -7"). */
export function extractInteger(text: string): number | null {
  const matches = text.match(/-?\d+/g);
  if (!matches) return null;
  const value = Number(matches[matches.length - 1]);
  return Number.isSafeInteger(value) ? value : null;
}

const features = (spec: ArithmeticSpec) => ({
  digits: spec.digits,
  terms: spec.terms,
  distractors: spec.distractors,
  difficulty: arithmeticDifficulty(spec),
});

/** n variations of a spec, all drawn from one stream of `seed` (so each depends on those before it). */
function instantiate(spec: ArithmeticSpec, n: number, seed: number): InstantiateResult<ArithmeticPayload> {
  const checked = ArithmeticSpecSchema.safeParse(spec);
  if (!checked.success) return { ok: false, reason: `invalid spec: ${describeZodError(checked.error)}` };
  if (!(Number.isInteger(n) && n >= 1)) return { ok: false, reason: `variation count ${n} must be a positive integer` };
  if (spec.operation === 'multiply' && !exactProduct(spec.digits, spec.terms)) {
    return { ok: false, reason: `product of ${spec.terms} ${spec.digits}-digit numbers exceeds exact integer range` };
  }
  const random = new Random(seed);
  const instances: TaskInstance<ArithmeticPayload>[] = [];
  for (let index = 0; index < n; index++) {
    const operands = Array.from({ length: spec.terms }, () => operand(random, spec.digits));
    const distractorValues = Array.from({ length: spec.distractors }, () => operand(random, spec.digits));
    const answer = evaluate(spec.operation, operands);
    if (answer === null) return { ok: false, reason: 'result exceeds exact integer range' };
    instances.push({
      id: stableId([VERSION, spec, seed, index]),
      family: spec.operation,
      features: features(spec),
      payload: { spec, operands, distractorValues, answer },
    });
  }
  return { ok: true, instances };
}

function specs(count: number, seed: number, hard: boolean): ArithmeticSpec[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => ({
    operation: random.pick(['add', 'subtract', 'multiply'] as const),
    digits: hard ? random.int(2, 4) : random.int(1, 2),
    terms: hard ? random.int(2, 4) : random.int(2, 3),
    distractors: hard ? random.int(0, 3) : random.int(0, 1),
  }));
}

/** A held-out set of its own draw, older than drawHeldOutSets: a spec that cannot run is left out, not an error. */
function heldOut(name: string, seed: number, hard: boolean, size: number): HeldOutSet<ArithmeticPayload> {
  return {
    name,
    version: `${VERSION}-${name}-${size}`,
    instances: specs(size, seed, hard).flatMap((spec, index) => {
      const result = instantiate(spec, 1, seed * 1000 + index);
      return result.ok ? result.instances : [];
    }),
  };
}

function render(instance: TaskInstance<ArithmeticPayload>): AgentPrompt {
  const { spec, operands, distractorValues, answer } = instance.payload;
  const expression = operands.join(` ${SYMBOL[spec.operation]} `);
  const noise = distractorValues.length ? `Ignore ${distractorValues.join(', ')}. ` : '';
  const text = `${noise}${expression} =`;
  return {
    id: instance.id,
    family: instance.family,
    text,
    messages: [
      { role: 'system', content: 'Compute the value of the expression. Reply with the integer only.' },
      { role: 'user', content: text },
    ],
    maxResponseTokens: String(answer).length + 4,
    reference: { answer: String(answer), difficulty: arithmeticDifficulty(spec) },
  };
}

/**
 * The arithmetic domain: integer expressions whose difficulty grows with digits, terms, the operation
 * and distractor numbers in the prompt. Verified by evaluating the expression.
 */
export const createArithmeticDomain: DomainFactory<
  ArithmeticSpec,
  ArithmeticPayload,
  z.input<typeof ArithmeticOptionsSchema>
> = defineDomain({
  name: 'arithmetic',
  options: ArithmeticOptionsSchema,
  world: ({ seedCount, heldOutSize }) => ({
    version: VERSION,
    specSchema: ArithmeticSpecSchema,
    knobs: [
      { name: 'operation', description: 'arithmetic operation', values: ['add', 'subtract', 'multiply'] },
      { name: 'digits', description: 'digits per operand', values: [1, 2, 3, 4, 5, 6] },
      { name: 'terms', description: 'number of operands', values: [2, 3, 4, 5] },
      { name: 'distractors', description: 'irrelevant numbers in the prompt', values: [0, 1, 2, 3] },
    ],
    specFromKnobs(values): ParseResult<ArithmeticSpec> {
      const parsed = ArithmeticSpecSchema.safeParse(values);
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, reason: `invalid knob values: ${describeZodError(parsed.error)}` };
    },
    knobValuesOf: (spec) => ({ ...spec }),
    instantiate,
    seeds: () =>
      specs(seedCount, 11, false).map((spec, index) => ({
        id: `arithmetic-seed-${index}`,
        family: spec.operation,
        spec,
      })),
    heldOut: () => [heldOut('test-id', 101, false, heldOutSize), heldOut('test-hard', 202, true, heldOutSize)],
    grammar: () => arithmeticGrammar(),
    formatSpec: formatArithmeticSpec,
    parseSpec: parseArithmeticSpec,
    family: (spec) => spec.operation,
    features,
    render,
    score(instance, completion: Completion): Score {
      const value = extractInteger(completion.text);
      if (value === null) return { reward: 0, success: false, invalid: 'no integer in the answer' };
      const success = value === instance.payload.answer;
      return { reward: success ? 1 : 0, success };
    },
  }),
});
