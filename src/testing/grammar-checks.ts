import { type Domain, grammarState, type SpecGrammar } from '../interfaces/index.ts';
import { Random } from '../util/random.ts';
import type { CheckedWorld, DomainCheck } from './domain-check.ts';

/** Chance of stopping at each complete state of a walk (so walks write texts of a few dozen characters). */
const STOP_WHEN_COMPLETE = 0.15;
/** Walks from the grammar's start; a walk that writes this many characters without stopping is a reason. */
const WALKS = 60;
const LONGEST_WALK = 10_000;
/** Walks from each family's start, each cut after this many characters. */
const FAMILY_WALKS = 8;
const FAMILY_WALK_STEPS = 400;
/** Share of the seeds whose canonical text the grammar must hold (fixed values it cannot vouch for are left out). */
const SEEDS_IN_GRAMMAR = 0.8;

/** Every character the seeds' canonical texts use: what a walk may write. */
const alphabetOf = (domain: Domain, seeds: { spec: unknown }[]) => [
  ...new Set(seeds.flatMap((seed) => [...domain.formatSpec(seed.spec)])),
];

/** The characters the grammar takes next from `state`, each with the state it leads to. */
function movesFrom(grammar: SpecGrammar, state: unknown, alphabet: readonly string[]) {
  return alphabet.flatMap((character) => {
    const next = grammar.next(state, character);
    return next === null ? [] : [{ character, next }];
  });
}

const seedsOf = ({ domain, options }: CheckedWorld) =>
  domain.seeds().slice(0, options.limit ?? Number.POSITIVE_INFINITY);

const grammarWalks: DomainCheck = {
  name: 'has a spec grammar (where it has one) whose every complete text parses and instantiates',
  *reasons(world) {
    const { domain } = world;
    if (!domain.specGrammar) return;
    const grammar = domain.specGrammar();
    const seeds = seedsOf(world);
    const alphabet = alphabetOf(domain, seeds);
    const random = new Random(7);
    for (let walk = 0; walk < WALKS; walk++) {
      let state = grammar.initial();
      let text = '';
      for (;;) {
        const moves = movesFrom(grammar, state, alphabet);
        const complete = grammar.complete(state);
        // No state is a dead end: it continues or it is complete.
        if (moves.length === 0 && !complete) {
          yield `the grammar has a dead end after ${JSON.stringify(text)}`;
          return;
        }
        if (moves.length === 0 || (complete && random.next() < STOP_WHEN_COMPLETE)) break;
        if (text.length === LONGEST_WALK) {
          yield `a walk of the grammar wrote ${LONGEST_WALK} characters without ending`;
          return;
        }
        const move = random.pick(moves);
        text += move.character;
        state = move.next;
      }
      const parsed = domain.parseSpec(text);
      if (!parsed.ok) yield `the grammar writes ${JSON.stringify(text)}, which parseSpec refuses: ${parsed.reason}`;
      else {
        const result = domain.instantiate(parsed.value, 2, walk);
        if (!result.ok)
          yield `the grammar writes ${JSON.stringify(text)}, which does not instantiate: ${result.reason}`;
      }
    }
    const accepted = seeds.filter((seed) => {
      const state = grammarState(grammar, domain.formatSpec(seed.spec));
      return state !== null && grammar.complete(state);
    });
    if (accepted.length <= seeds.length * SEEDS_IN_GRAMMAR)
      yield `the grammar holds the texts of ${accepted.length} of ${seeds.length} seeds, not more than ${SEEDS_IN_GRAMMAR * 100}%`;
    if (grammarState(grammar, '\u0000') !== null) yield 'the grammar takes the text "\\u0000"';
  },
};

const familyWalks: DomainCheck = {
  name: 'walks its grammar from a family without dead ends, inside the family where it says so',
  *reasons(world) {
    const { domain, options } = world;
    if (!domain.specGrammar) return;
    const grammar = domain.specGrammar();
    const seeds = seedsOf(world);
    const alphabet = alphabetOf(domain, seeds);
    const random = new Random(11);
    const families = [...new Set(seeds.map((seed) => seed.family))];
    let kept = 0;
    let walks = 0;
    for (const family of families) {
      // The seeds of a family stay inside its grammar.
      for (const seed of seeds.filter((entry) => entry.family === family).slice(0, 3)) {
        const state = grammarState(grammar, domain.formatSpec(seed.spec), grammar.initial(family));
        if (state !== null && !grammar.complete(state))
          yield `seed ${seed.id}: its text is incomplete in the grammar of its family ${family}`;
      }
      for (let walk = 0; walk < FAMILY_WALKS; walk++) {
        let state = grammar.initial(family);
        let text = '';
        for (let steps = 0; steps < FAMILY_WALK_STEPS; steps++) {
          const moves = movesFrom(grammar, state, alphabet);
          if (moves.length === 0 && !grammar.complete(state)) {
            yield `the grammar of family ${family} has a dead end after ${JSON.stringify(text)}`;
            return;
          }
          if (moves.length === 0 || (grammar.complete(state) && random.next() < STOP_WHEN_COMPLETE)) break;
          const move = random.pick(moves);
          text += move.character;
          state = move.next;
        }
        const parsed = domain.parseSpec(text);
        if (!parsed.ok) {
          yield `the grammar of family ${family} writes ${JSON.stringify(text)}, which parseSpec refuses`;
          continue;
        }
        walks++;
        if (domain.family(parsed.value) === family) kept++;
      }
    }
    if (walks === 0) yield 'no walk from a family wrote a spec';
    if (options.grammarKeepsFamilies && kept !== walks) yield `${kept} of ${walks} walks kept their family`;
  },
};

/** The checks of a world's spec grammar; a world without one passes them. */
export const GRAMMAR_CHECKS: readonly DomainCheck[] = [grammarWalks, familyWalks];
