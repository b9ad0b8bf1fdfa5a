import { z } from 'zod';

/**
 * Task spec of the arithmetic domain: a small synthetic world for the simulated student and for tests.
 * Each knob is a difficulty dial; the simulator proposes specs, the domain instantiates numbers.
 */
export const ArithmeticSpecSchema = z
  .object({
    operation: z.enum(['add', 'subtract', 'multiply']).describe('arithmetic operation'),
    digits: z.number().int().min(1).max(6).describe('digits per operand'),
    terms: z.number().int().min(2).max(5).describe('number of operands'),
    distractors: z.number().int().min(0).max(3).describe('irrelevant numbers mentioned in the prompt'),
  })
  .strict();

export type ArithmeticSpec = z.infer<typeof ArithmeticSpecSchema>;

/** Instance payload: the concrete operands, the distractor numbers and the gold result. */
export interface ArithmeticPayload {
  spec: ArithmeticSpec;
  operands: number[];
  distractorValues: number[];
  answer: number;
}

const OPERATION_COST: Record<ArithmeticSpec['operation'], number> = { add: 0, subtract: 0.6, multiply: 1.6 };

/**
 * Scalar difficulty in [0, ~9.4]: each knob adds a fixed cost. Chosen so that neighbouring specs differ
 * by 0.3–1.6, fine enough for a simulator to find the level where a learner succeeds half of the time.
 */
export function arithmeticDifficulty(spec: ArithmeticSpec): number {
  return OPERATION_COST[spec.operation] + 0.9 * (spec.digits - 1) + 0.7 * (spec.terms - 2) + 0.3 * spec.distractors;
}

/** Whether a product of `terms` numbers of `digits` digits stays an exact integer in a double (≤ 15 digits). */
export function exactProduct(digits: number, terms: number): boolean {
  return digits * terms <= 15;
}
