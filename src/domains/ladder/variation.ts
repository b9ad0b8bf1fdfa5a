/**
 * One variation of a ladder task type: the people a search returned (one meant, every other missing exactly one
 * of the request's constraints, spread so that each constraint rules someone out), the action asked for, and the
 * request in compact and chat form. The gold answer is one call of the action on the meant person.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Random } from '../../util/random.ts';
import { ATTRIBUTES, type Attribute, drawPerson, matches, NAMES, otherValue, type Person } from './directory.ts';
import type { LadderSpec } from './spec.ts';

/** The actions a request asks for; each is a tool taking the person's name. */
export const ACTIONS = ['email', 'call', 'invite'] as const;
export type Action = (typeof ACTIONS)[number];

/** What a ladder instance carries (domain-private). */
export interface LadderPayload {
  spec: LadderSpec;
  action: Action;
  /** The request's constraints, in the order it gives them. */
  filters: [Attribute, string | number][];
  /** The people the search returned, in the order shown. */
  rows: Person[];
  /** The meant person's name. */
  target: string;
  call: ToolCall;
  /** Compact request for the built-in model. */
  request: string;
  /** The same request in words, for chat models. */
  requestWords: string;
}

const WORDS: Readonly<Record<Attribute, (value: string | number) => string>> = {
  role: (value) => `is a ${value}`,
  city: (value) => `lives in ${value}`,
  team: (value) => `is on team ${value}`,
  age: (value) => `is ${value} years old`,
  floor: (value) => `works on floor ${value}`,
  desk: (value) => `sits at desk ${value}`,
};

const joinWords = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** A result row in compact form: the six values in column order, then the name (read last, after its values). */
const compactRow = (person: Person) => `${ATTRIBUTES.map((attribute) => person[attribute]).join(' ')} ${person.name}`;

const wordsRow = (person: Person) =>
  `- ${person.name}: ${person.role}, ${person.city}, team ${person.team}, age ${person.age}, floor ${person.floor}, desk ${person.desk}`;

/** Builds one variation; every spec the schema accepts can be built. */
export function buildVariation(spec: LadderSpec, random: Random): LadderPayload {
  const names = random.shuffle(NAMES).slice(0, spec.candidates);
  const target = drawPerson(random, names[0]!);
  const filters = random
    .shuffle(spec.filters)
    .map((attribute): [Attribute, string | number] => [attribute, target[attribute]]);
  const missed = random.shuffle(spec.filters);
  const others = names.slice(1).map((name, index) => {
    const person = drawPerson(random, name);
    for (const [attribute, value] of filters) person[attribute] = value;
    const miss = missed[index % missed.length]!;
    person[miss] = otherValue(random, miss, target[miss]);
    return person;
  });
  const rows = random.shuffle([target, ...others]);
  // By construction only the meant person matches every constraint.
  if (rows.filter((person) => matches(person, filters)).length !== 1)
    throw new RangeError('ladder variation: the constraints must single out one person');
  const action = random.pick(ACTIONS);
  const values = filters.map(([, value]) => value).join(' ');
  const wanted = joinWords(filters.map(([attribute, value]) => WORDS[attribute](value)));
  return {
    spec,
    action,
    filters,
    rows,
    target: target.name,
    call: { name: action, arguments: { person: target.name } },
    request: `${action}: ${values}\n${rows.map(compactRow).join('\n')}`,
    requestWords: `${action[0]!.toUpperCase()}${action.slice(1)} the person who ${wanted}. The search returned:\n${rows
      .map(wordsRow)
      .join('\n')}`,
  };
}
