/**
 * Random small edits of a task type, for any world whose simulator writes in a spec grammar (ACCEL's mutation of
 * levels, on the compact text): a stretch of at most `EDIT_SPAN` characters of the spec's text is replaced by a random
 * walk of at most `EDIT_SPAN` characters through the grammar, and the edit is kept when the whole text is still a
 * complete spec of the grammar that parses into another task type. On the clauses world that deletes, inserts or
 * replaces a clause, changes a clause's form (`role` → `not role`) or its attribute; on the ladder it adds or drops an
 * attribute or changes the distractors. The grammar is the domain's own, so an edit is valid by construction, and it
 * knows nothing of difficulty: which edits land near α is left to the outcomes.
 */
import type { Domain, SpecGrammar } from '../interfaces/index.ts';
import { grammarState } from '../interfaces/index.ts';
import { type Random, stableId } from '../util/random.ts';

/** The most characters an edit removes, and the most it writes in their place. */
export const EDIT_SPAN = 8;
/** Random tries for one edit before giving up (a text whose every stretch is fixed by the grammar has none). */
const EDIT_TRIES = 200;
/** The characters a walk may write: printable ASCII, as every grammar's compact text is. */
const PRINTABLE = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));

/** The characters the grammar accepts after each state, cached by the state's key. */
export class GrammarWalker {
  private readonly allowed = new Map<string, string[]>();

  constructor(readonly grammar: SpecGrammar) {}

  /** The printable characters that continue a spec from `state`. */
  next(state: unknown): string[] {
    const key = this.grammar.key(state);
    let found = this.allowed.get(key);
    if (!found) {
      found = PRINTABLE.filter((character) => this.grammar.next(state, character) !== null);
      this.allowed.set(key, found);
    }
    return found;
  }

  /**
   * One random edit of `text` (a complete spec of the grammar): its stretch [start, end) of at most EDIT_SPAN
   * characters replaced by a walk of at most EDIT_SPAN characters, each drawn uniformly among those the grammar
   * accepts there, ending at the first length from a drawn one on where the rest of the text completes a spec; null
   * when no try of EDIT_TRIES gives another complete text. Pure given `random`.
   */
  edit(text: string, random: Random): string | null {
    for (let attempt = 0; attempt < EDIT_TRIES; attempt++) {
      const start = random.int(0, text.length);
      const end = random.int(start, Math.min(text.length, start + EDIT_SPAN));
      const least = random.int(0, EDIT_SPAN);
      const rest = text.slice(end);
      let state = grammarState(this.grammar, text.slice(0, start));
      let written = '';
      while (state !== null) {
        if (written.length >= least) {
          const after = grammarState(this.grammar, rest, state);
          const edited = text.slice(0, start) + written + rest;
          if (after !== null && this.grammar.complete(after) && edited !== text) return edited;
        }
        const characters = written.length < EDIT_SPAN ? this.next(state) : [];
        if (characters.length === 0) break;
        const character = characters[random.int(0, characters.length - 1)]!;
        written += character;
        state = this.grammar.next(state, character);
      }
    }
    return null;
  }
}

/** One edit of a spec as another valid spec of the domain, or null when none was found. */
export function editSpec(domain: Domain, walker: GrammarWalker, spec: unknown, random: Random): unknown | null {
  const text = domain.formatSpec(spec);
  for (let attempt = 0; attempt < EDIT_TRIES; attempt++) {
    const edited = walker.edit(text, random);
    if (edited === null) return null;
    const parsed = domain.parseSpec(edited);
    if (parsed.ok && domain.formatSpec(parsed.value) !== text) return parsed.value;
  }
  return null;
}

/** Up to `count` distinct edits of `spec` (from `count` × 4 tries), in the order found. Pure given `random`. */
export function editChoices(
  domain: Domain,
  walker: GrammarWalker,
  spec: unknown,
  count: number,
  random: Random,
): unknown[] {
  const found = new Map<string, unknown>();
  for (let attempt = 0; attempt < count * 4 && found.size < count; attempt++) {
    const edited = editSpec(domain, walker, spec, random);
    if (edited === null) break;
    found.set(stableId(edited), edited);
  }
  return [...found.values()];
}

/** The walker over a domain's spec grammar, or null for a domain without one. */
export function grammarWalker(domain: Domain): GrammarWalker | null {
  const grammar = domain.specGrammar?.();
  return grammar ? new GrammarWalker(grammar) : null;
}
