/**
 * The grammar of the clauses compact spec, `<clause>[,<clause>…]` with each clause `<attribute>`, `not <attribute>`
 * or `any <attribute>`: every sequence of 1..maxClauses clauses, each any of the 18, so every complete text parses,
 * instantiates and is its spec's canonical text. What may follow depends only on how many clauses are written and on
 * the characters of the current one, so its state is those two and a sampler's cache of token masks holds a few
 * hundred states at any width (a grammar over the clauses themselves, as `choiceGrammar` keys them, would hold one
 * per prefix).
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { formatClause } from './compact-spec.ts';
import { CLAUSES, MAX_CLAUSES } from './spec.ts';

/** Clauses written in full, and the characters of the one being written ('' between clauses). */
export interface ClausesGrammarState {
  written: number;
  partial: string;
}

const CLAUSE_TEXTS = CLAUSES.map(formatClause);

/** The grammar of a world whose compositions hold at most `maxClauses` clauses (the original world's by default). */
export function clausesGrammar(maxClauses: number = MAX_CLAUSES): SpecGrammar<ClausesGrammarState> {
  const extendsAClause = (text: string) => CLAUSE_TEXTS.some((clause) => clause.startsWith(text));
  const isClause = (text: string) => CLAUSE_TEXTS.includes(text);
  return {
    initial: () => ({ written: 0, partial: '' }),
    next({ written, partial }, character) {
      if (character === ',') {
        // A comma ends a whole clause, when another may follow it.
        return isClause(partial) && written + 1 < maxClauses ? { written: written + 1, partial: '' } : null;
      }
      const longer = partial + character;
      return extendsAClause(longer) ? { written, partial: longer } : null;
    },
    complete: ({ partial }) => isClause(partial),
    key: ({ written, partial }) => `${written}\u0001${partial}`,
    remaining({ partial }) {
      if (isClause(partial)) return 0;
      return (
        Math.min(...CLAUSE_TEXTS.filter((clause) => clause.startsWith(partial)).map((clause) => clause.length)) -
        partial.length
      );
    },
  };
}
