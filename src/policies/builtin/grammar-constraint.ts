import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import type { TokenConstraint } from '../../models/sampling.ts';
import { Tokenizer } from '../../models/tokenizer.ts';

/** Cached masks above this count are dropped (states are many only when distractor lists are long). */
const MASK_CACHE_LIMIT = 20_000;

/**
 * Grammar-constrained decoding for a byte-level tokenizer: a token may come next when every character of its
 * text continues the spec grammar; the end token only where the text so far is a complete spec. Masks are
 * cached per grammar state, so a state seen again costs one lookup.
 */
export class GrammarTokens {
  /** Text of each token id; null for specials and for bytes that are not ASCII (never part of a spec). */
  private readonly pieces: (string | null)[];
  private readonly masks = new Map<string, Uint8Array>();

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

  /** A fresh constraint for one sequence (it follows that sequence's tokens as they are drawn). */
  constraint(): TokenConstraint {
    let state: unknown = this.grammar.initial();
    let consumed = 0;
    return {
      allowed: (generated) => {
        for (; consumed < generated.length && state !== null; consumed++) {
          state = this.advance(state, this.pieces[generated[consumed]!] ?? null);
        }
        return state === null ? null : this.mask(state);
      },
    };
  }

  /** The tokens allowed in a grammar state (the end token where a spec may end). */
  mask(state: unknown): Uint8Array {
    const key = this.grammar.key(state);
    let mask = this.masks.get(key);
    if (mask) return mask;
    mask = new Uint8Array(this.pieces.length);
    this.pieces.forEach((piece, id) => {
      if (piece !== null && this.advance(state, piece) !== null) mask![id] = 1;
    });
    if (this.grammar.complete(state)) mask[Tokenizer.end] = 1;
    if (this.masks.size >= MASK_CACHE_LIMIT) this.masks.clear();
    this.masks.set(key, mask);
    return mask;
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
