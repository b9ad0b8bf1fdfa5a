/**
 * The grammar of the ladder compact spec, `p:<step>[,<step>…][|f:<attribute>[,<attribute>…]]`: one to MAX_DEPTH
 * steps, then optionally distinct search attributes in their canonical order (role, city, team, age, floor, desk),
 * so every complete text parses, instantiates and is the canonical text of its spec. Every depth and every
 * number of constraints can be written.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { MAX_DEPTH } from './spec.ts';
import { STEPS } from './tools.ts';
import { ATTRIBUTES } from './world.ts';

export function ladderGrammar(): SpecGrammar {
  return choiceGrammar((made): ChoiceStep => {
    if (made.length === 0) return { options: STEPS.map((step) => `p:${step}`), canEnd: false };
    const filterStart = made.findIndex((segment) => segment.startsWith('|f:'));
    if (filterStart < 0) {
      const steps = made.length < MAX_DEPTH ? STEPS.map((step) => `,${step}`) : [];
      return { options: [...steps, ...ATTRIBUTES.map((attribute) => `|f:${attribute}`)], canEnd: true };
    }
    const last = made.at(-1)!.replace(/^(\|f:|,)/, '');
    const later = ATTRIBUTES.slice(ATTRIBUTES.indexOf(last as (typeof ATTRIBUTES)[number]) + 1);
    return { options: later.map((attribute) => `,${attribute}`), canEnd: true };
  });
}
