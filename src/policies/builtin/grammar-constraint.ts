import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import type { TokenConstraint } from '../../models/sampling.ts';
import { Tokenizer } from '../../models/tokenizer.ts';

/** Cached states above this count are dropped (states are many only when distractor lists are long). */
const STATE_CACHE_LIMIT = 5_000;

/** What is allowed in one grammar state: per token, the fewest characters left after it (−1: not allowed). */
type Continuations = Int32Array;

/**
 * Grammar-constrained decoding for a byte-level tokenizer: a token may come next when every character of its
 * text continues the spec grammar, and only while a complete spec still fits the token budget after it; the
 * end token only where the text so far is a complete spec. Work is cached per grammar state.
 */
export class GrammarTokens {
  /** Text of each token id; null for specials and for bytes that are not ASCII (never part of a spec). */
  private readonly pieces: (string | null)[];
  private readonly states = new Map<string, Continuations>();

  constructor(
    private readonly grammar: SpecGrammar,
    tokenizer: Tokenizer,
  ) {
    this.pieces = Array.from({ length: tokenizer.vocabSize }, (_, id) => {
      if (id >= Tokenizer.begin && id < Tokenizer.firstMerge) return null;
      if (id < 128) return String.fromCharCode(id);
      const text = tokenizer.decode([id]);
      return id < 256 || text.includes('\uFFFD') ? null : text;
    });
  }

  /**
   * A fresh constraint for one sequence of at most `budget` new tokens (the end token included). It follows
   * the sequence's tokens as they are drawn. One character per token is always possible (every ASCII byte is
   * a token), so a token is allowed while the shortest completion after it fits in the tokens then left. Given a
   * family, the spec must belong to it (where the grammar can tell families apart).
   */
  constraint(budget: number, family?: string): TokenConstraint {
    let state: unknown = this.grammar.initial(family);
    let consumed = 0;
    return {
      allowed: (generated) => {
        for (; consumed < generated.length && state !== null; consumed++) {
          state = this.advance(state, this.pieces[generated[consumed]!] ?? null);
        }
        if (state === null) return null;
        // After the next token, this many tokens remain for the rest of the spec (the end token takes one).
        const room = budget - generated.length - 2;
        const continuations = this.continuations(state);
        const mask = new Uint8Array(continuations.length);
        continuations.forEach((left, id) => {
          if (left >= 0 && (id === Tokenizer.end || left <= room)) mask[id] = 1;
        });
        return mask;
      },
    };
  }

  private continuations(state: unknown): Continuations {
    const key = this.grammar.key(state);
    let found = this.states.get(key);
    if (found) return found;
    found = new Int32Array(this.pieces.length).fill(-1);
    for (let id = 0; id < this.pieces.length; id++) {
      const next = this.advance(state, this.pieces[id] ?? null);
      if (next !== null) found[id] = this.grammar.remaining(next);
    }
    if (this.grammar.complete(state)) found[Tokenizer.end] = 0;
    if (this.states.size >= STATE_CACHE_LIMIT) this.states.clear();
    this.states.set(key, found);
    return found;
  }

  private advance(state: unknown, piece: string | null): unknown {
    if (piece === null) return null;
    let current: unknown = state;
    for (const character of piece) {
      current = this.grammar.next(current, character);
      if (current === null) return null;
    }
    return current;
  }
}

/**
 * The grammar of a finite set of texts (the specs a context offers: a parent's edits, a cell's specs): a text may go on
 * while it is a prefix of one of them and end where it is one. Its state is the text so far.
 */
export function choiceTextsGrammar(texts: readonly string[]): SpecGrammar<string> {
  const choices = [...new Set(texts)];
  return {
    initial: () => '',
    next: (state, character) => {
      const longer = state + character;
      return choices.some((text) => text.startsWith(longer)) ? longer : null;
    },
    complete: (state) => choices.includes(state),
    key: (state) => state,
    remaining: (state) =>
      Math.min(...choices.filter((text) => text.startsWith(state)).map((text) => text.length - state.length)),
  };
}
