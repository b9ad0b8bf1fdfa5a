/**
 * The grammar of the arithmetic compact spec, `<operation> d<digits> t<terms> x<distractors>`: every knob in
 * its range, and multiplication only where the product stays an exact integer (digits × terms ≤ 15). Started
 * for a family (an operation), only that operation opens the spec.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { exactProduct } from './spec.ts';

const OPERATIONS = ['add', 'subtract', 'multiply'];

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

export function arithmeticGrammar(): SpecGrammar {
  return choiceGrammar((made, family): ChoiceStep => {
    switch (made.length) {
      case 0:
        // The family of a spec is its operation.
        return { options: OPERATIONS.includes(family) ? [family] : OPERATIONS, canEnd: false };
      case 1:
        return { options: range(' d', 1, 6), canEnd: false };
      case 2: {
        const digits = Number(made[1]!.slice(2));
        const terms = range(' t', 2, 5).filter(
          (option) => made[0] !== 'multiply' || exactProduct(digits, Number(option.slice(2))),
        );
        return { options: terms, canEnd: false };
      }
      case 3:
        return { options: range(' x', 0, 3), canEnd: false };
      default:
        return { options: [], canEnd: true };
    }
  });
}
