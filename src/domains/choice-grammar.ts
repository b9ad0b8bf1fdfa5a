import type { SpecGrammar } from '../interfaces/index.ts';

/** What may follow a sequence of choices: the next segments of text, and whether the spec may end here. */
export interface ChoiceStep {
  /** Whole segments that may come next (each a non-empty string). */
  options: readonly string[];
  /** The choices so far already make a valid spec. */
  canEnd: boolean;
}

/** A position in a choice grammar: the segments chosen so far and the characters of the current one. */
export interface ChoiceState {
  made: readonly string[];
  partial: string;
}

/**
 * A spec grammar built from choices of whole segments (`intent`, `|p2`, `,mul`, …): `step(made)` says which
 * segments may follow `made`. Characters are read into the current segment; once it is a whole option and
 * the next character cannot extend any option, it is committed and the character starts the next segment.
 * Domains keep segments unambiguous by starting each one after the first with a separator that no option
 * contains elsewhere (`|`, `,`, a space). Every option of `step` must lead to a step with options or canEnd,
 * so no state is a dead end.
 */
export function choiceGrammar(step: (made: readonly string[]) => ChoiceStep): SpecGrammar<ChoiceState> {
  const steps = new Map<string, ChoiceStep>();
  const cached = (made: readonly string[]): ChoiceStep => {
    const key = made.join('\u0000');
    let found = steps.get(key);
    if (!found) {
      found = step(made);
      steps.set(key, found);
    }
    return found;
  };
  const extends_ = (made: readonly string[], prefix: string) =>
    cached(made).options.some((option) => option.startsWith(prefix));
  return {
    initial: () => ({ made: [], partial: '' }),
    next(state, character) {
      const longer = state.partial + character;
      if (extends_(state.made, longer)) return { made: state.made, partial: longer };
      if (state.partial === '' || !cached(state.made).options.includes(state.partial)) return null;
      const made = [...state.made, state.partial];
      return extends_(made, character) ? { made, partial: character } : null;
    },
    complete(state) {
      if (state.partial === '') return cached(state.made).canEnd;
      return cached(state.made).options.includes(state.partial) && cached([...state.made, state.partial]).canEnd;
    },
    key: (state) => `${state.made.join('\u0000')}\u0001${state.partial}`,
  };
}
