/**
 * The compact prompt a small byte-level model reads: the trip in one line, then each travel day's options and, after
 * the day that reaches a city, that city's stays, restaurants and sights. Only what can matter for this query is
 * shown of an entry (room type when one is asked for, the banned house rule when one is asked for, occupancy when
 * several travel, minimum stays above one night, the asked cuisines a restaurant serves):
 *
 *   Avon>Pell:2>Avon p2 $780 pets Chinese
 *   Avon>Pell F1234 90,car 12,taxi 240
 *   Pell stay Pine 120 max4,Oak 80 max2 no pets
 *   Pell eat Lotus 20 Chinese,Basil 15,Fig 12
 *   Pell see Museum,Zoo
 *   Pell>Avon F3321 85,car 12,taxi 240
 *
 * Prices are per person (flights, meals), per car or taxi, and per room and night (stays).
 */
import type { TravelQuery } from './checks/query.ts';
import type { Accommodation, Restaurant } from './checks/sandbox.ts';
import type { Shown, ShownLeg } from './candidates.ts';
import { HOUSE_RULE_BANS } from './world.ts';

const ROOM_WORDS: Record<string, string> = {
  'Entire home/apt': 'entire',
  'Private room': 'private',
  'Shared room': 'shared',
};
const RULE_WORDS: Record<string, string> = {
  smoking: 'smoking',
  parties: 'parties',
  'children under 10': 'children',
  visitors: 'visitors',
  pets: 'pets',
};
const ROOM_RULE_WORDS: Record<string, string> = {
  'shared room': 'shared',
  'not shared room': 'notshared',
  'private room': 'private',
  'entire room': 'entire',
};
const TRANSPORT_WORDS: Record<string, string> = { 'no flight': 'noflight', 'no self-driving': 'nodrive' };

/** The first line: route with nights per city, travellers, budget, constraints. */
export function headerLine(query: TravelQuery, shown: Shown): string {
  const home = query.org;
  const route = [home, ...shown.cities.map((city) => `${city.city}:${city.nights}`), home].join('>');
  const local = query.localConstraint;
  return [
    route,
    `p${query.peopleNumber}`,
    `$${query.budget}`,
    local.houseRule === null ? null : RULE_WORDS[local.houseRule],
    local.roomType === null ? null : ROOM_RULE_WORDS[local.roomType],
    local.cuisine === null ? null : local.cuisine.join('+'),
    local.transportation === null ? null : TRANSPORT_WORDS[local.transportation],
  ]
    .filter((part) => part !== null)
    .join(' ');
}

function legLine(leg: ShownLeg): string {
  const options = [
    ...leg.flights.map((flight) => `${flight.flightNumber} ${flight.price}`),
    ...(leg.car === null ? [] : [`car ${leg.car}`]),
    ...(leg.taxi === null ? [] : [`taxi ${leg.taxi}`]),
  ];
  return `${leg.from}>${leg.to} ${options.join(',')}`;
}

function stayText(row: Accommodation, query: TravelQuery): string {
  const rule = query.localConstraint.houseRule;
  return [
    row.name,
    String(row.price),
    query.localConstraint.roomType === null ? null : ROOM_WORDS[row.roomType],
    row.minimumNights > 1 ? `min${row.minimumNights}` : null,
    query.peopleNumber > 1 ? `max${row.maximumOccupancy}` : null,
    rule !== null && row.houseRules.includes(HOUSE_RULE_BANS[rule]) ? `no ${RULE_WORDS[rule]}` : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
}

function restaurantText(row: Restaurant, query: TravelQuery): string {
  const served = (query.localConstraint.cuisine ?? []).filter((cuisine) => row.cuisines.includes(cuisine));
  return [row.name, String(row.averageCost), served.length > 0 ? served.join('+') : null]
    .filter((part) => part !== null)
    .join(' ');
}

/** The whole compact prompt (see the module comment). */
export function compactPromptText(query: TravelQuery, shown: Shown): string {
  const lines = [headerLine(query, shown)];
  for (const [index, leg] of shown.legs.entries()) {
    lines.push(legLine(leg));
    const city = shown.cities[index];
    if (!city) continue;
    lines.push(`${city.city} stay ${city.stays.map((row) => stayText(row, query)).join(',')}`);
    if (city.restaurants.length > 0)
      lines.push(`${city.city} eat ${city.restaurants.map((row) => restaurantText(row, query)).join(',')}`);
    if (city.attractions.length > 0) lines.push(`${city.city} see ${city.attractions.join(',')}`);
  }
  return lines.join('\n');
}
