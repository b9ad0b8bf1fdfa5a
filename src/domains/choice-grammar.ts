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
  /** The family the spec must belong to ('' = any), as `initial` was given it. */
  family: string;
}

/**
 * A spec grammar built from choices of whole segments (`intent`, `|p2`, `,mul`, …): `step(made, family)` says
 * which segments may follow `made` in a spec of `family` ('' = any family; a step that does not know the family
 * must offer what it offers for ''), which `initial(family)` fixes for the whole text. Characters are read into the current segment; once it is a whole option and
 * the next character cannot extend any option, it is committed and the character starts the next segment.
 * Domains keep segments unambiguous by starting each one after the first with a separator that no option
 * contains elsewhere (`|`, `,`, a space). Every option of `step` must lead to a step with options or canEnd,
 * so no state is a dead end.
 */
export function choiceGrammar(step: (made: readonly string[], family: string) => ChoiceStep): SpecGrammar<ChoiceState> {
  const steps = new Map<string, ChoiceStep>();
  const cached = (made: readonly string[], family: string): ChoiceStep => {
    const key = `${family}\u0002${made.join('\u0000')}`;
    let found = steps.get(key);
    if (!found) {
      found = step(made, family);
      steps.set(key, found);
    }
    return found;
  };
  const tails = new Map<string, number>();
  /** Fewest characters after `made` to a complete spec. */
  const tail = (made: readonly string[], family: string): number => {
    const key = `${family}\u0002${made.join('\u0000')}`;
    let found = tails.get(key);
    if (found === undefined) {
      const { options, canEnd } = cached(made, family);
      found = canEnd ? 0 : Math.min(...options.map((option) => option.length + tail([...made, option], family)));
      tails.set(key, found);
    }
    return found;
  };
  const extends_ = (made: readonly string[], family: string, prefix: string) =>
    cached(made, family).options.some((option) => option.startsWith(prefix));
  return {
    initial: (family) => ({ made: [], partial: '', family: family ?? '' }),
    next(state, character) {
      const { family } = state;
      const longer = state.partial + character;
      if (extends_(state.made, family, longer)) return { made: state.made, partial: longer, family };
      if (state.partial === '' || !cached(state.made, family).options.includes(state.partial)) return null;
      const made = [...state.made, state.partial];
      return extends_(made, family, character) ? { made, partial: character, family } : null;
    },
    complete(state) {
      const { family } = state;
      if (state.partial === '') return cached(state.made, family).canEnd;
      return (
        cached(state.made, family).options.includes(state.partial) &&
        cached([...state.made, state.partial], family).canEnd
      );
    },
    key: (state) => `${state.family}\u0002${state.made.join('\u0000')}\u0001${state.partial}`,
    remaining(state) {
      const { family } = state;
      const options = cached(state.made, family).options.filter((option) => option.startsWith(state.partial));
      const viaCurrent = options.map(
        (option) => option.length - state.partial.length + tail([...state.made, option], family),
      );
      return Math.min(state.partial === '' ? tail(state.made, family) : Number.POSITIVE_INFINITY, ...viaCurrent);
    },
  };
}
