/**
 * One variation of a ladder task type: a person, the request that describes them by the spec's attributes and
 * mentions the spec's number of other values only to rule them out ("not red"), in a drawn order, and the action
 * asked for. The gold answer is two calls whose value flows from the first to the second: `find_person` with every
 * parameter (the given attributes, `any` for the rest), then the action on its result (`$`).
 */
import type { Random } from '../../util/random.ts';
import { ATTRIBUTES, type Attribute, drawPerson, NAMES, otherValue } from './directory.ts';
import {
  ACTIONS,
  ANY,
  compactValue,
  FIND_PERSON,
  type PersonRequestPayload,
  PREVIOUS,
  VALUE_WORDS,
} from './person-request.ts';
import type { LadderSpec } from './spec.ts';

export { ACTIONS, type Action, ANY, FIND_PERSON, PREVIOUS } from './person-request.ts';

/** One value the request mentions: a constraint, or a distractor it rules out. */
export interface Mention {
  attribute: Attribute;
  value: string | number;
  ruledOut: boolean;
}

/** What a ladder instance carries (domain-private). */
export type LadderPayload = PersonRequestPayload<LadderSpec, Mention>;

const WORDS = VALUE_WORDS;

const joinWords = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** `count` distinct values the person does not have, each of a uniformly drawn attribute. */
function distractorMentions(random: Random, person: Record<Attribute, string | number>, count: number): Mention[] {
  const mentions: Mention[] = [];
  const seen = new Set<string>();
  while (mentions.length < count) {
    const attribute = random.pick(ATTRIBUTES);
    const value = otherValue(random, attribute, person[attribute]);
    const key = `${attribute}=${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    mentions.push({ attribute, value, ruledOut: true });
  }
  return mentions;
}

/** Builds one variation; every spec the schema accepts can be built. */
export function buildVariation(spec: LadderSpec, random: Random): LadderPayload {
  const person = drawPerson(random, random.pick(NAMES));
  const given = spec.filters.map((attribute): Mention => ({ attribute, value: person[attribute], ruledOut: false }));
  const mentions = random.shuffle([...given, ...distractorMentions(random, person, spec.distractors)]);
  const action = random.pick(ACTIONS);
  const filters = Object.fromEntries(
    ATTRIBUTES.map((attribute) => [attribute, spec.filters.includes(attribute) ? person[attribute] : ANY]),
  );
  const text = mentions
    .map((mention) => `${mention.ruledOut ? 'not ' : ''}${compactValue(mention.attribute, mention.value)}`)
    .join(', ');
  const wanted = joinWords(given.map((mention) => WORDS[mention.attribute](mention.value)));
  const ruledOut = mentions.filter((mention) => mention.ruledOut);
  const not = ruledOut.length
    ? ` They are not ${joinWords(ruledOut.map((mention) => WORDS[mention.attribute](mention.value)))}.`
    : '';
  return {
    spec,
    action,
    mentions,
    person: person.name,
    calls: [
      { name: FIND_PERSON, arguments: filters },
      { name: action, arguments: { person: PREVIOUS } },
    ],
    results: [person.name, `${action} sent to ${person.name}`],
    request: `${action}: ${text}`,
    requestWords: `${action[0]!.toUpperCase()}${action.slice(1)} the person who is ${wanted}.${not}`,
  };
}
