/**
 * The wording of questions, four levels per construction (the spec's paraphrase knob: 0 common,
 * 1 alternative, 2 rare, 3 unseen in the seed set). `{x}` is a noun phrase; `{a}` and `{b}` the two sides
 * of a comparison. A question is built inside out: the start entity's name, wrapped in one relation
 * phrase per step ("the founder of {x}"), then asked about by a question frame. The common wording names
 * each relation by the word its documents use (`founder`); the alternative one avoids the other relations'
 * words (the rarer wordings say "the city where {x} was born", where `born` is also a document's key).
 */
import type { Kind, RelationName } from './catalogue.ts';

export const PARAPHRASE_LEVELS = 4;

type Four = readonly [string, string, string, string];

/** Noun phrases of the relations that lead to an entity. */
export const RELATION_PHRASES: Partial<Record<RelationName, Four>> = {
  birthplace: [
    'the birthplace of {x}',
    'the native city of {x}',
    'the city where {x} was born',
    'the city {x} was born in',
  ],
  country: [
    'the country of {x}',
    'the country where {x} lies',
    'the nation that contains {x}',
    'the land {x} belongs to',
  ],
  capital: [
    'the capital of {x}',
    'the capital city of {x}',
    'the seat of government of {x}',
    'the city serving as capital of {x}',
  ],
  founder: ['the founder of {x}', 'the creator of {x}', 'the person who founded {x}', 'whoever started {x}'],
  leader: ['the leader of {x}', 'the person who leads {x}', 'the head of {x}', 'whoever fronts {x}'],
  director: ['the director of {x}', 'the person who directed {x}', 'the filmmaker behind {x}', 'whoever made {x}'],
};

/** Questions asking for the value a value relation gives. */
export const VALUE_QUESTIONS: Partial<Record<RelationName, Four>> = {
  born: [
    'In which year was {x} born?',
    'What is the birth year of {x}?',
    'When was {x} born?',
    '{x} was born in which year?',
  ],
  founded: [
    'In which year was {x} founded?',
    'What is the founding year of {x}?',
    'When was {x} founded?',
    '{x} was founded in which year?',
  ],
  formed: [
    'In which year was {x} formed?',
    'What is the year {x} was formed?',
    'When was {x} formed?',
    '{x} was formed in which year?',
  ],
  released: [
    'In which year was {x} released?',
    'What is the release year of {x}?',
    'When was {x} released?',
    '{x} came out in which year?',
  ],
  population: [
    'What is the population of {x}?',
    'How many people live in {x}?',
    'How many inhabitants does {x} have?',
    '{x} has how many residents?',
  ],
};

/** Questions asking which entity a noun phrase names, by the kind of that entity. */
export const ENTITY_QUESTIONS: Partial<Record<Kind, Four>> = {
  person: ['Who is {x}?', 'Name {x}.', 'Which person is {x}?', '{x} is who?'],
  city: ['What is {x}?', 'Name {x}.', 'Which city is {x}?', '{x} is which city?'],
  country: ['What is {x}?', 'Name {x}.', 'Which country is {x}?', '{x} is which country?'],
};

/** Questions asking which side of a comparison comes first (earlier year, larger count). */
export const WHICH_QUESTIONS: Partial<Record<RelationName, Four>> = {
  born: [
    'Who was born earlier, {a} or {b}?',
    'Of {a} and {b}, who was born first?',
    'Who is older, {a} or {b}?',
    'Between {a} and {b}, who came into the world first?',
  ],
  founded: [
    'Which was founded earlier, {a} or {b}?',
    'Of {a} and {b}, which was founded first?',
    'Which is older, {a} or {b}?',
    'Between {a} and {b}, which one was established first?',
  ],
  formed: [
    'Which was formed earlier, {a} or {b}?',
    'Of {a} and {b}, which was formed first?',
    'Which band is older, {a} or {b}?',
    'Between {a} and {b}, which one got together first?',
  ],
  released: [
    'Which was released earlier, {a} or {b}?',
    'Of {a} and {b}, which came out first?',
    'Which film is older, {a} or {b}?',
    'Between {a} and {b}, which one premiered first?',
  ],
  population: [
    'Which has the larger population, {a} or {b}?',
    'Of {a} and {b}, which has more people?',
    'Which city is bigger, {a} or {b}?',
    'Between {a} and {b}, which one is home to more residents?',
  ],
};

/** Yes/no questions that are true when side a comes first (earlier year, larger count). */
export const YESNO_QUESTIONS: Partial<Record<RelationName, Four>> = {
  born: [
    'Was {a} born before {b}?',
    'Was {a} born earlier than {b}?',
    'Is {a} older than {b}?',
    'Did {a} come into the world before {b}?',
  ],
  founded: [
    'Was {a} founded before {b}?',
    'Was {a} founded earlier than {b}?',
    'Is {a} older than {b}?',
    'Was {a} established before {b}?',
  ],
  formed: [
    'Was {a} formed before {b}?',
    'Was {a} formed earlier than {b}?',
    'Is {a} an older band than {b}?',
    'Did {a} get together before {b}?',
  ],
  released: [
    'Was {a} released before {b}?',
    'Was {a} released earlier than {b}?',
    'Is {a} an older film than {b}?',
    'Did {a} premiere before {b}?',
  ],
  population: [
    'Does {a} have a larger population than {b}?',
    'Does {a} have more people than {b}?',
    'Is {a} a bigger city than {b}?',
    'Is {a} home to more residents than {b}?',
  ],
};

/** Fills a template's `{x}` / `{a}` / `{b}`. */
export function fill(template: string, values: { x?: string; a?: string; b?: string }): string {
  return template.replace(/\{([xab])\}/g, (_, key: 'x' | 'a' | 'b') => values[key] ?? '');
}

/** A filled question frame with its first letter capitalised (a frame may start with a noun phrase). */
export function sentence(template: string, values: { x?: string; a?: string; b?: string }): string {
  const text = fill(template, values);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every word of every template, lower case: generated names must not be one of them. */
export function templateWords(): Set<string> {
  const tables = [RELATION_PHRASES, VALUE_QUESTIONS, ENTITY_QUESTIONS, WHICH_QUESTIONS, YESNO_QUESTIONS];
  const words = new Set<string>();
  for (const table of tables)
    for (const four of Object.values(table))
      for (const template of four ?? [])
        for (const word of template.toLowerCase().match(/[a-z]+/g) ?? []) words.add(word);
  return words;
}
