import { GenEnvError } from '../../interfaces/errors.ts';
import {
  constraintCount,
  CUISINES,
  levelOf,
  type HouseRule,
  type LocalConstraint,
  type RoomType,
  type TransportationRule,
  type TravelQuery,
} from '../../domains/travel/checks/query.ts';
import type { TravelRecord } from './reference-data.ts';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten)`;

function countValue(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()]!;
}

/** The first dollar amount of the text ("$1,700" → 1700), or null. */
export function parseBudget(text: string): number | null {
  const match = /\$\s?([\d,]+(?:\.\d+)?)/.exec(text);
  return match ? Number(match[1]!.replaceAll(',', '')) : null;
}

/**
 * Travellers: "group/party of N", "N people/persons/individuals/travelers", "for two", "a pair/couple",
 * else 1 (solo, alone, single or one person — or no mention, as in the training set's easy queries).
 */
export function parsePeopleNumber(text: string): number {
  const group = new RegExp(String.raw`\b(?:group|party) of ${COUNT}\b`, 'i').exec(text);
  if (group) return countValue(group[1]!);
  const people = new RegExp(String.raw`\b${COUNT} (?:people|persons|individuals|travell?ers|adults)\b`, 'i').exec(text);
  if (people) return countValue(people[1]!);
  if (/\bfor (?:two|2)\b|\ba (?:pair|couple)\b/i.test(text)) return 2;
  return 1;
}

/** Trip length from "N-day"/"N days", "a week"/"week-long"/"one-week" (7), or null. */
export function parseDays(text: string): number | null {
  const days = new RegExp(String.raw`\b${COUNT}[- ]days?\b`, 'i').exec(text);
  if (days) return countValue(days[1]!);
  return /\bweek\b|\bweek-long\b|\bone-week\b/i.test(text) ? 7 : null;
}

/** "2 cities", "three different cities", "3 distinct cities", ... → the count, or null (one city). */
export function parseCityCount(text: string): number | null {
  const match = new RegExp(String.raw`\b${COUNT}\s+(?:(?:different|distinct|unique|separate)\s+)?cities\b`, 'i').exec(
    text,
  );
  return match ? countValue(match[1]!) : null;
}

/** Sentences of the query (split after . ? ! followed by a space). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.?!])\s+/);
}

const NEGATION = /\b(?:not|no|non|avoid|without|never)\b|n't\b/i;

/**
 * The local constraints named in the query text:
 * - house rule: "smok…" → smoking, "parties" → parties ("party of 5" is a group size, not the rule),
 *   "children" → children under 10, "pet" → pets, "visitors" → visitors;
 * - room type: "not shared room"/"no shared room" before "shared room"; "entire room"; "private room";
 * - cuisine: every one of the seven cuisines named, in order of appearance;
 * - transportation: a sentence with a negation (not, no, non, avoid, without, never, n't) and a flight word
 *   (flight, flights, flying, fly) → no flight; with a negation and a driving word (self-driv…, self-drive,
 *   drive, driving) → no self-driving.
 * Throws when a query names two house rules, two room types or both transport rules (not in the data).
 */
export function parseLocalConstraint(text: string): LocalConstraint {
  const houseRules: HouseRule[] = [];
  if (/smok/i.test(text)) houseRules.push('smoking');
  if (/\bparties\b/i.test(text)) houseRules.push('parties');
  if (/\bchildren\b/i.test(text)) houseRules.push('children under 10');
  if (/\bvisitors?\b/i.test(text)) houseRules.push('visitors');
  if (/\bpets?\b|\bpet-friendly\b/i.test(text)) houseRules.push('pets');
  const roomTypes: RoomType[] = [];
  if (/\b(?:not|no|non)[- ]shared rooms?\b/i.test(text)) roomTypes.push('not shared room');
  else if (/\bshared rooms?\b/i.test(text)) roomTypes.push('shared room');
  if (/\bentire (?:rooms?|homes?)\b/i.test(text)) roomTypes.push('entire room');
  if (/\bprivate rooms?\b/i.test(text)) roomTypes.push('private room');
  const cuisines = CUISINES.map((cuisine) => ({ cuisine, at: text.search(new RegExp(String.raw`\b${cuisine}\b`)) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.cuisine);
  const transport: TransportationRule[] = [];
  for (const sentence of sentences(text)) {
    if (!NEGATION.test(sentence)) continue;
    if (/\b(?:flights?|flying|fly)\b/i.test(sentence) && !transport.includes('no flight')) transport.push('no flight');
    if (/self-driv|self-drive|\bdrive\b|\bdriving\b/i.test(sentence) && !transport.includes('no self-driving'))
      transport.push('no self-driving');
  }
  if (houseRules.length > 1 || roomTypes.length > 1 || transport.length > 1) {
    throw new GenEnvError(
      'benchmark',
      `ambiguous constraints in query: ${[...houseRules, ...roomTypes, ...transport].join(', ')}`,
    );
  }
  return {
    houseRule: houseRules[0] ?? null,
    cuisine: cuisines.length > 0 ? cuisines : null,
    roomType: roomTypes[0] ?? null,
    transportation: transport[0] ?? null,
  };
}

/** Day `offset` after an ISO date (UTC calendar arithmetic). */
function addDays(isoDate: string, offset: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * The structured fields of a training query, from its reference information and its text:
 * - org: origin of the first "Flight from A to B on D" description (the outbound leg);
 * - visited cities: the "Attractions in X" descriptions; visiting_city_number = their count;
 * - date: from the earliest to the latest flight-description date; days = that span (must equal the text's
 *   "N-day"/"week");
 * - dest: the visited city for one-city trips, else the state of the visited cities (from
 *   citySet_with_states; all must share it and the text must name it);
 * - people_number, budget, local_constraint: parsed from the text (see the parse functions);
 * - level: easy without local constraints, medium with one, hard with more (the official split has 0/1/3).
 * Throws a `benchmark` GenEnvError when text and reference information disagree.
 */
export function deriveQuery(record: TravelRecord, cityStates: ReadonlyMap<string, string>): TravelQuery {
  const fail = (why: string): never => {
    throw new GenEnvError('benchmark', `TravelPlanner query ${record.index + 1}: ${why}`);
  };
  const descriptions = Object.keys(record.referenceInfo);
  const cities = descriptions
    .filter((key) => key.startsWith('Attractions in '))
    .map((key) => key.slice('Attractions in '.length));
  const legs = descriptions
    .map((key) => /^Flight from (.+) to (.+) on (\d{4}-\d{2}-\d{2})$/.exec(key))
    .filter((match): match is RegExpExecArray => match !== null);
  if (cities.length === 0 || legs.length === 0) fail('reference information lists no cities or no flights');
  const org = legs[0]![1]!;
  const dates = legs.map((leg) => leg[3]!).sort();
  const first = dates[0]!;
  const days =
    Math.round((Date.parse(`${dates[dates.length - 1]}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) +
    1;
  const textDays = parseDays(record.query);
  if (textDays !== null && textDays !== days) fail(`text says ${textDays} days, flights span ${days}`);
  if (!record.query.includes(org)) fail(`origin ${org} not named in the text`);
  const textCities = parseCityCount(record.query);
  if (textCities !== null && textCities !== cities.length)
    fail(`text says ${textCities} cities, reference lists ${cities.length}`);
  let dest = cities[0]!;
  if (cities.length > 1) {
    const states = new Set(cities.map((city) => cityStates.get(city) ?? fail(`${city} has no state`)));
    if (states.size !== 1) fail(`visited cities span several states: ${[...states].join(', ')}`);
    dest = [...states][0]!;
    if (!record.query.includes(dest)) fail(`state ${dest} not named in the text`);
  } else if (!record.query.includes(dest)) {
    fail(`destination ${dest} not named in the text`);
  }
  const budget = parseBudget(record.query) ?? fail('no budget in the text');
  const localConstraint = parseLocalConstraint(record.query);
  const count = constraintCount(localConstraint);
  return {
    id: `travelplanner-train-${record.index + 1}`,
    query: record.query,
    org,
    dest,
    days,
    visitingCityNumber: cities.length,
    date: Array.from({ length: days }, (_, offset) => addDays(first, offset)),
    peopleNumber: parsePeopleNumber(record.query),
    budget,
    localConstraint,
    level: levelOf(count),
  };
}
