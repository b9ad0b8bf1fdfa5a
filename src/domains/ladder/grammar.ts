/**
 * The grammar of the ladder compact spec, `f:<attribute>[,<attribute>…]|x<distractors>`: every non-empty set of
 * distinct attributes, written in their column order (role, city, team, age, floor, desk), then every distractor
 * count, so every complete text parses, instantiates and is its spec's canonical text.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { ATTRIBUTES } from './directory.ts';
import { MAX_DISTRACTORS } from './spec.ts';

/** The grammar of a ladder whose distractors go up to `maxDistractors` (the original ladder's by default). */
export function ladderGrammar(maxDistractors: number = MAX_DISTRACTORS): SpecGrammar {
  const distractorOptions = Array.from({ length: maxDistractors + 1 }, (_, count) => `|x${count}`);
  return choiceGrammar((made): ChoiceStep => {
    if (made.length === 0) return { options: ATTRIBUTES.map((attribute) => `f:${attribute}`), canEnd: false };
    const last = made.at(-1)!;
    if (last.startsWith('|x')) return { options: [], canEnd: true };
    const attribute = last.replace(/^(f:|,)/, '') as (typeof ATTRIBUTES)[number];
    const later = ATTRIBUTES.slice(ATTRIBUTES.indexOf(attribute) + 1).map((next) => `,${next}`);
    return { options: [...later, ...distractorOptions], canEnd: false };
  });
}
