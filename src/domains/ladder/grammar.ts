/**
 * The grammar of the ladder compact spec, `c<candidates>|f:<attribute>[,<attribute>…]`: every candidate count and
 * every non-empty set of distinct attributes, written in their column order (role, city, team, age, floor, desk),
 * so every complete text parses, instantiates and is its spec's canonical text.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { ATTRIBUTES } from './directory.ts';
import { MAX_CANDIDATES, MIN_CANDIDATES } from './spec.ts';

const CANDIDATE_OPTIONS = Array.from(
  { length: MAX_CANDIDATES - MIN_CANDIDATES + 1 },
  (_, index) => `c${MIN_CANDIDATES + index}`,
);

export function ladderGrammar(): SpecGrammar {
  return choiceGrammar((made): ChoiceStep => {
    if (made.length === 0) return { options: CANDIDATE_OPTIONS, canEnd: false };
    if (made.length === 1) return { options: ATTRIBUTES.map((attribute) => `|f:${attribute}`), canEnd: false };
    const last = made.at(-1)!.replace(/^(\|f:|,)/, '') as (typeof ATTRIBUTES)[number];
    const later = ATTRIBUTES.slice(ATTRIBUTES.indexOf(last) + 1);
    return { options: later.map((attribute) => `,${attribute}`), canEnd: true };
  });
}
