/**
 * One variation of a clauses task type: a person, the request that says the composition's clauses in its order with
 * drawn values, and the action asked for. What the agent passes for an attribute is what the last `give` or `any`
 * clause about it says (a `not` never changes it): the value of a last `give` is the person's; every earlier `give`
 * of the attribute names another value, which the later clause replaces; a `not` names a value the request never gives
 * for it. The gold answer is the ladder's two calls: `find_person` with every parameter (the value, or `any`), then
 * the action on its result (`$`).
 */
import type { Random } from '../../util/random.ts';
import { ATTRIBUTE_VALUES, ATTRIBUTES, type Attribute, drawPerson, NAMES } from '../ladder/directory.ts';
import { ACTIONS, ANY, FIND_PERSON, PREVIOUS } from '../ladder/variation.ts';
import { compactValue, type PersonRequestPayload, VALUE_WORDS } from '../ladder/person-request.ts';
import { type ClausesSpec, type Form, finalClauses } from './spec.ts';

/** One clause as the request says it: its form, attribute and value (none for `any`). */
export interface ClauseMention {
  form: Form;
  attribute: Attribute;
  value: string | number | null;
}

/** What a clauses instance carries (domain-private). */
export type ClausesPayload = PersonRequestPayload<ClausesSpec, ClauseMention>;

const WORDS = VALUE_WORDS;

const compactMention = ({ form, attribute, value }: ClauseMention) =>
  value === null ? `${ANY} ${attribute}` : `${form === 'not' ? 'not ' : ''}${compactValue(attribute, value)}`;

const wordMention = ({ form, attribute, value }: ClauseMention) =>
  value === null ? `any ${attribute} will do` : `${form === 'not' ? 'not ' : ''}${WORDS[attribute](value)}`;

/**
 * The values one variation may use for each attribute besides the person's own: half of the others (drawn) for the
 * `give` clauses a later clause replaces, the rest for the `not` clauses, so a ruled-out value is never one the
 * request gives at any width (every attribute has at least 8 values: 3 left for each).
 */
function valuePools(random: Random, person: Record<Attribute, string | number>) {
  return Object.fromEntries(
    ATTRIBUTES.map((attribute) => {
      const others = random.shuffle(ATTRIBUTE_VALUES[attribute].filter((value) => value !== person[attribute]));
      const half = Math.floor(others.length / 2);
      return [attribute, { replaced: others.slice(0, half), ruledOut: others.slice(half) }];
    }),
  ) as Record<Attribute, { replaced: (string | number)[]; ruledOut: (string | number)[] }>;
}

/** Builds one variation; every spec the schema accepts can be built. */
export function buildVariation(spec: ClausesSpec, random: Random): ClausesPayload {
  const person = drawPerson(random, random.pick(NAMES));
  const pools = valuePools(random, person);
  const last = finalClauses(spec);
  const mentions = spec.clauses.map(({ form, attribute }, position): ClauseMention => {
    if (form === 'any') return { form, attribute, value: null };
    if (form === 'not') return { form, attribute, value: random.pick(pools[attribute].ruledOut) };
    const final = last[attribute]?.position === position;
    return { form, attribute, value: final ? person[attribute] : random.pick(pools[attribute].replaced) };
  });
  const action = random.pick(ACTIONS);
  const filters = Object.fromEntries(
    ATTRIBUTES.map((attribute) => [attribute, last[attribute]?.form === 'give' ? person[attribute] : ANY]),
  );
  const said = mentions.map(wordMention).join('; ');
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
    request: `${action}: ${mentions.map(compactMention).join(', ')}`,
    requestWords: `${action[0]!.toUpperCase()}${action.slice(1)} the person described here, in this order: ${said}.`,
  };
}
