/**
 * The query in words, in the style of TravelPlanner's queries: where from and to, how many days and cities, the dates,
 * travellers and budget, then one sentence per local constraint — worded so that the benchmark's query parsers read
 * the same fields back (tested in `src/benchmarks/travelplanner/shared-with-domain.test.ts`).
 */
import type { TravelQuery } from './checks/query.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
function ordinal(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix}`;
}
/** "March 16th" of an ISO date. */
export function spokenDate(isoDate: string): string {
  const [, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${ordinal(day!)}`;
}

const HOUSE_RULE_WORDS: Record<string, string> = {
  smoking: 'We will be smoking, so the accommodations must allow smoking.',
  parties: 'We plan to hold parties, so the accommodations must allow parties.',
  'children under 10': 'We travel with children under 10, so the accommodations must allow children under 10.',
  visitors: 'We expect visitors, so the accommodations must allow visitors.',
  pets: 'We travel with pets, so the accommodations must allow pets.',
};
const ROOM_TYPE_WORDS: Record<string, string> = {
  'shared room': 'We would like to stay in a shared room.',
  'not shared room': 'We want rooms that are not shared rooms.',
  'private room': 'We prefer a private room.',
  'entire room': 'We prefer entire rooms.',
};
const TRANSPORT_WORDS: Record<string, string> = {
  'no flight': 'We do not want to take any flights.',
  'no self-driving': 'We do not want to drive ourselves.',
};

/** The query in words, in the style of TravelPlanner's queries (which the benchmark's parsers read back). */
export function queryText(query: Omit<TravelQuery, 'query' | 'id'>, state: string): string {
  const first = query.date[0]!;
  const last = query.date[query.date.length - 1]!;
  const where =
    query.visitingCityNumber === 1 && query.dest !== state
      ? `to ${query.dest}`
      : `to ${state}, visiting ${query.visitingCityNumber} ${query.visitingCityNumber === 1 ? 'city' : 'cities'}`;
  const who = query.peopleNumber === 1 ? 'a single person' : `${query.peopleNumber} people`;
  const sentences = [
    `Please help me plan a trip from ${query.org} ${where}, spanning ${query.days} days from ${spokenDate(first)} to ` +
      `${spokenDate(last)}, ${last.slice(0, 4)}.`,
    `The travel should be planned for ${who} with a budget of $${query.budget.toLocaleString('en-US')}.`,
  ];
  const local = query.localConstraint;
  if (local.houseRule) sentences.push(HOUSE_RULE_WORDS[local.houseRule]!);
  if (local.roomType) sentences.push(ROOM_TYPE_WORDS[local.roomType]!);
  if (local.cuisine) {
    const list =
      local.cuisine.length === 1
        ? local.cuisine[0]!
        : `${local.cuisine.slice(0, -1).join(', ')} and ${local.cuisine[local.cuisine.length - 1]}`;
    sentences.push(`We would like to try ${list} cuisine.`);
  }
  if (local.transportation) sentences.push(TRANSPORT_WORDS[local.transportation]!);
  return sentences.join(' ');
}
