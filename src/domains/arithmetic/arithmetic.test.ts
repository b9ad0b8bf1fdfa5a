import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { arithmeticDifficulty, createArithmeticDomain, extractInteger } from './index.ts';
import type { ArithmeticPayload } from './spec.ts';
import type { TaskInstance } from '../../interfaces/index.ts';

describeDomainContract('arithmetic', () => createArithmeticDomain(), {
  grammarKeepsFamilies: true,
  nearMisses: (instance) => {
    const answer = (instance as TaskInstance<ArithmeticPayload>).payload.answer;
    return [String(answer + 1), String(answer - 1), String(-answer || 1), `${answer}0`].map((text) => ({
      text,
      policyVersion: 'test',
    }));
  },
  invalidSpecTexts: [
    'add d0 t2 x0',
    'add d7 t2 x0',
    'divide d1 t2 x0',
    'add d1 t1 x0',
    '{"operation":"add","digits":1,"terms":2}',
    'add d1 t2 x0 extra',
  ],
});

describe('arithmetic domain', () => {
  const domain = createArithmeticDomain();
  it('computes ground truth by evaluating the expression', () => {
    const result = domain.instantiate({ operation: 'subtract', digits: 2, terms: 3, distractors: 1 }, 5, 9);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const instance of result.instances) {
      const [first, ...rest] = instance.payload.operands;
      expect(instance.payload.answer).toBe(rest.reduce((value, operand) => value - operand, first!));
      expect(domain.render(instance).text).toContain('Ignore');
    }
  });
  it('rejects products beyond exact integers with a reason', () => {
    const result = domain.instantiate({ operation: 'multiply', digits: 6, terms: 5, distractors: 0 }, 1, 1);
    expect(result).toMatchObject({ ok: false });
  });
  it('orders difficulty by every knob', () => {
    const base = { operation: 'add', digits: 2, terms: 2, distractors: 0 } as const;
    const d = arithmeticDifficulty(base);
    expect(arithmeticDifficulty({ ...base, digits: 3 })).toBeGreaterThan(d);
    expect(arithmeticDifficulty({ ...base, terms: 3 })).toBeGreaterThan(d);
    expect(arithmeticDifficulty({ ...base, distractors: 1 })).toBeGreaterThan(d);
    expect(arithmeticDifficulty({ ...base, operation: 'multiply' })).toBeGreaterThan(d);
  });
  it('extracts the last integer of an answer', () => {
    expect(extractInteger('the answer is -42')).toBe(-42);
    expect(extractInteger('3 + 4 = 7')).toBe(7);
    expect(extractInteger('none')).toBeNull();
  });
  it('rejects bad options with one line', () => {
    expect(() => createArithmeticDomain({ seedCount: -1 })).toThrow(/seedCount/);
    // @ts-expect-error: the options' type refuses an unknown key too.
    expect(() => createArithmeticDomain({ bogus: 1 })).toThrow(/^domain\.options\.bogus: unknown key$/);
  });
});
