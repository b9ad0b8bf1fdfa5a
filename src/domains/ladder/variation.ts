/**
 * One variation of a ladder task type: a start person drawn from the directory, the gold chain of calls executed
 * step by step (each call takes the previous call's result, written `$`), and the request in compact and chat form.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Random } from '../../util/random.ts';
import type { LadderSpec } from './spec.ts';
import { FIND_PERSON, lookupFor, STEP_RESULT } from './tools.ts';
import { type Attribute, attributeOf, type EntityKind, findPerson, type World } from './world.ts';

/** What a ladder instance carries (domain-private). */
export interface LadderPayload {
  spec: LadderSpec;
  /** The start person's search values, in the order the request mentions them. */
  filters: [Attribute, string | number][];
  /** The start person's name where the request names them (no filters). */
  start: string | null;
  /** The gold calls; every argument after the first call is `$`, the previous call's result. */
  calls: ToolCall[];
  /** The result of each gold call, in order. */
  results: string[];
  /** Compact request for the built-in model. */
  request: string;
  /** The same request in words, for chat models. */
  requestWords: string;
}

/** The reference to the previous call's result. */
export const PREVIOUS = '$';

const COMPACT_FILTER: Readonly<Record<Attribute, (value: string | number) => string>> = {
  role: (value) => `${value}`,
  city: (value) => `in ${value}`,
  team: (value) => `team ${value}`,
  age: (value) => `age ${value}`,
  floor: (value) => `floor ${value}`,
  desk: (value) => `desk ${value}`,
};

const WORDS_FILTER: Readonly<Record<Attribute, (value: string | number) => string>> = {
  role: (value) => `is a ${value}`,
  city: (value) => `lives in ${value}`,
  team: (value) => `is on team ${value}`,
  age: (value) => `is ${value} years old`,
  floor: (value) => `works on floor ${value}`,
  desk: (value) => `sits at desk ${value}`,
};

const joinWords = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** Builds one variation, or the reason it cannot (a lookup the world does not define: a bug in the world). */
export function buildVariation(
  spec: LadderSpec,
  world: World,
  random: Random,
): { ok: true; value: LadderPayload } | { ok: false; reason: string } {
  const person = random.pick(world.people);
  const filters = random
    .shuffle(spec.filters)
    .map((attribute): [Attribute, string | number] => [attribute, attributeOf(person, attribute)]);
  const calls: ToolCall[] = [];
  const results: string[] = [];
  let current = person.name;
  if (filters.length > 0) {
    // The gold call lists the attributes in canonical order; the request mentions them in a drawn order.
    const found = findPerson(world, Object.fromEntries(filters));
    if (!found) return { ok: false, reason: `no person matches ${JSON.stringify(filters)}` };
    calls.push({
      name: FIND_PERSON,
      arguments: Object.fromEntries(spec.filters.map((a) => [a, attributeOf(person, a)])),
    });
    results.push(found.name);
    current = found.name;
  }
  let kind: EntityKind = 'person';
  for (const step of spec.path) {
    const tool = lookupFor(kind, step);
    const next = tool.lookup(world, current);
    if (next === null) return { ok: false, reason: `${tool.name} is not defined for ${current}` };
    calls.push({ name: tool.name, arguments: { [tool.input]: calls.length === 0 ? current : PREVIOUS } });
    results.push(next);
    current = next;
    kind = STEP_RESULT[step];
  }
  const start = filters.length === 0 ? person.name : null;
  const startCompact = start ?? filters.map(([attribute, value]) => COMPACT_FILTER[attribute](value)).join(', ');
  const startWords =
    start ?? `the person who ${joinWords(filters.map(([attribute, value]) => WORDS_FILTER[attribute](value)))}`;
  return {
    ok: true,
    value: {
      spec,
      filters,
      start,
      calls,
      results,
      request: `start: ${startCompact}\npath: ${spec.path.join(' ')}`,
      requestWords: `Start from ${startWords}. Then go to, one after the other: ${spec.path
        .map((step) => `its ${step}`)
        .join(', ')}.`,
    },
  };
}
