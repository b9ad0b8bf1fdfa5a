/**
 * Slot values: drawn from the world for the slots a spec leaves open, and written literally or in
 * words. Drawn values always execute (an alarm to cancel exists, an order to cancel is open, a date
 * asked about has events); fixed values are checked later by executing the calls.
 */
import type { Random } from '../../util/random.ts';
import { CURRENCY_WORDS, UNIT_WORDS, dateLiteral, dateWords, numberWords, timeWords } from './value-words.ts';
import type { SlotKind } from './intents.ts';
import {
  ALARM_LABELS,
  CITIES,
  CONTACT_NAMES,
  DATES,
  EVENT_TITLES,
  MESSAGE_TEXTS,
  RATES,
  UNITS,
  type WorldState,
} from './world.ts';

const CURRENCIES = Object.keys(RATES);
const UNIT_CODES = Object.keys(UNITS);

/** Units of the same dimension as `unit`, other than itself (all units when `unit` is unknown). */
function partnerUnits(unit: string | undefined): string[] {
  const dimension = unit === undefined ? undefined : UNITS[unit]?.dimension;
  if (dimension === undefined) return UNIT_CODES;
  return UNIT_CODES.filter((code) => code !== unit && UNITS[code]!.dimension === dimension);
}

/**
 * Fills every slot of `kinds` (in order): fixed values are kept, the others drawn from `world`
 * consistently with the values already chosen (a unit pair shares a dimension, currencies differ).
 */
export function fillSlots(
  kinds: Record<string, SlotKind>,
  fixed: Record<string, string>,
  world: WorldState,
  random: Random,
): Record<string, string> {
  const values: Record<string, string> = {};
  const valueOfKind = (kind: SlotKind): string | undefined => {
    const name = Object.keys(kinds).find((slot) => kinds[slot] === kind);
    return name === undefined ? undefined : (values[name] ?? fixed[name]);
  };
  for (const [name, kind] of Object.entries(kinds)) {
    values[name] = fixed[name] ?? drawSlot(kind, world, random, valueOfKind);
  }
  return values;
}

function drawSlot(
  kind: SlotKind,
  world: WorldState,
  random: Random,
  valueOfKind: (kind: SlotKind) => string | undefined,
): string {
  switch (kind) {
    case 'time':
      return `${String(random.int(6, 22)).padStart(2, '0')}:${String(random.pick([0, 15, 30, 45])).padStart(2, '0')}`;
    case 'alarm-time':
      return random.pick(world.alarms).time;
    case 'date':
      return random.pick(DATES);
    case 'event-date':
      return random.pick(DATES.filter((date) => world.events.some((event) => event.date === date)));
    case 'name':
      return random.pick(CONTACT_NAMES);
    case 'city':
      return random.pick(CITIES);
    case 'text':
      return random.pick(MESSAGE_TEXTS);
    case 'label':
      return random.pick(ALARM_LABELS);
    case 'title':
      return random.pick(EVENT_TITLES);
    case 'order':
      return random.pick(Object.keys(world.orders));
    case 'open-order':
      return random.pick(
        Object.keys(world.orders).filter((id) => ['pending', 'shipped'].includes(world.orders[id]!.status)),
      );
    case 'number':
      return String(random.int(2, 99));
    case 'small-number':
      return String(random.int(2, 9));
    case 'unit-from':
      return random.pick(partnerUnits(valueOfKind('unit-to')));
    case 'unit-to':
      return random.pick(partnerUnits(valueOfKind('unit-from')));
    case 'currency-from': {
      const other = valueOfKind('currency-to');
      return random.pick(CURRENCIES.filter((code) => code !== other));
    }
    case 'currency-to': {
      const other = valueOfKind('currency-from');
      return random.pick(CURRENCIES.filter((code) => code !== other));
    }
    case 'target-currency':
      return random.pick(CURRENCIES.filter((code) => code !== 'USD'));
  }
}

/**
 * A slot value as it appears in the request: literally ("07:30", "on 06-05", "20", "km") or in words
 * ("half past seven in the morning", "tomorrow", "twenty", "kilometres"). Null when the value cannot be
 * written in words (a fraction, a date outside the world).
 */
export function writeSlot(kind: SlotKind, value: string, inWords: boolean, random: Random): string | null {
  switch (kind) {
    case 'time':
    case 'alarm-time':
      return inWords ? timeWords(value, random) : value;
    case 'date':
    case 'event-date':
      return inWords ? dateWords(value, random) : dateLiteral(value);
    case 'number':
    case 'small-number':
      return inWords ? numberWords(Number(value)) : value;
    case 'unit-from':
    case 'unit-to':
      return inWords ? (UNIT_WORDS[value] ?? null) : value;
    case 'currency-from':
    case 'currency-to':
    case 'target-currency':
      return inWords ? (CURRENCY_WORDS[value] ?? null) : value;
    default:
      return value;
  }
}

/** Irrelevant sentences put before a request; some name values that the request does not use. */
export const CONTEXT_SENTENCES = [
  'I just got back from a run.',
  'My phone battery is low.',
  'The kids are asleep.',
  'Work was busy today.',
  'Leo says hello.',
  'It rained all morning.',
  'I had pasta for lunch.',
  'My train leaves at 18:00.',
  'Rome was lovely last year.',
  'The cat knocked over a glass.',
  'I owe Mia 20 euros.',
  'The meeting ran long.',
];
