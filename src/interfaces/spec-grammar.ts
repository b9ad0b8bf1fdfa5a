/**
 * The grammar of a domain's compact spec text, read one character at a time, for grammar-constrained
 * decoding: a sampler masks every token whose characters cannot continue a valid spec. Every text that
 * reaches a `complete` state parses and instantiates (valid by construction); no state is a dead end
 * (each has a continuation or is complete). States are immutable values.
 */
export interface SpecGrammar<State = unknown> {
  /**
   * The state before the first character. Given a family, only specs of that family (`Domain.family`) continue
   * from it, so a simulator asked for a variation of a seed keeps the seed's family; a grammar that cannot tell
   * families apart, or a family it does not know, leaves the choice open.
   */
  initial(family?: string): State;
  /** The state after one more character, or null when no valid spec continues the text so far with it. */
  next(state: State, character: string): State | null;
  /** Whether the text so far is a whole valid spec (the sampler may stop here). */
  complete(state: State): boolean;
  /** Equal keys mean equal continuations (lets a sampler cache its token masks per state). */
  key(state: State): string;
  /**
   * The fewest characters that complete a valid spec from this state (0 when complete). Lets a sampler with a
   * token budget steer toward an ending in time instead of being cut off mid-spec.
   */
  remaining(state: State): number;
}

/** Runs a grammar over a whole text: the final state, or null where it leaves the grammar. */
export function grammarState<State>(grammar: SpecGrammar<State>, text: string, from?: State): State | null {
  let state: State | null = from ?? grammar.initial();
  for (const character of text) {
    if (state === null) return null;
    state = grammar.next(state, character);
  }
  return state;
}
