/**
 * The seeded in-memory world that tools execute against: contacts, forecasts, orders, a calendar and
 * alarms. Today is fixed (Monday 2025-06-02) so that relative dates ("tomorrow") have one meaning.
 */
import { Random } from '../../util/random.ts';

/** The seven days the world knows, "MM-DD"; DATES[0] is today, a Monday. */
export const DATES = ['06-02', '06-03', '06-04', '06-05', '06-06', '06-07', '06-08'] as const;
export const TODAY_TEXT = 'Monday 2025-06-02';

export const CONTACT_NAMES = [
  'Ann',
  'Bob',
  'Cara',
  'Dan',
  'Eve',
  'Finn',
  'Gus',
  'Hana',
  'Ivan',
  'Jo',
  'Kim',
  'Leo',
  'Mia',
  'Nia',
  'Omar',
  'Pia',
];
export const CITIES = [
  'Oslo',
  'Paris',
  'Rome',
  'Lima',
  'Cairo',
  'Tokyo',
  'Delhi',
  'Quito',
  'Berlin',
  'Madrid',
  'Seoul',
  'Dublin',
];
export const CONDITIONS = ['sunny', 'rainy', 'cloudy', 'windy', 'snowy', 'foggy'];
export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'];
export const EVENT_TITLES = ['dentist', 'standup', 'lunch', 'gym class', 'review', 'haircut', 'yoga', 'interview'];
export const ALARM_LABELS = ['gym', 'meds', 'work', 'school run', 'laundry', 'call mum'];
export const MESSAGE_TEXTS = [
  'running late',
  'see you soon',
  'call me back',
  'happy birthday',
  'on my way',
  'dinner at eight',
  'thanks a lot',
];

/** Units per dimension; `factor` converts one unit to the dimension's base unit (Celsius is affine). */
export const UNITS: Record<string, { dimension: string; factor: number }> = {
  km: { dimension: 'length', factor: 1000 },
  mi: { dimension: 'length', factor: 1609.344 },
  m: { dimension: 'length', factor: 1 },
  ft: { dimension: 'length', factor: 0.3048 },
  cm: { dimension: 'length', factor: 0.01 },
  in: { dimension: 'length', factor: 0.0254 },
  kg: { dimension: 'mass', factor: 1 },
  lb: { dimension: 'mass', factor: 0.45359237 },
  l: { dimension: 'volume', factor: 1 },
  gal: { dimension: 'volume', factor: 3.785411784 },
  C: { dimension: 'temperature', factor: 1 },
  F: { dimension: 'temperature', factor: 1 },
};

/** Units of one currency per US dollar (a fixed table, not random: rates are world constants). */
export const RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 151.2, CHF: 0.88, INR: 83.1 };

export interface CalendarEvent {
  id: string;
  title: string;
  date: string;
  time: string;
}
export interface Order {
  status: string;
  /** Total in US dollars, two decimals. */
  total: number;
}

export interface WorldState {
  /** name → phone number "555-01NN". */
  contacts: Record<string, string>;
  /** city → MM-DD → condition. */
  forecast: Record<string, Record<string, string>>;
  /** city → current temperature in °C (integer). */
  temperature: Record<string, number>;
  orders: Record<string, Order>;
  events: CalendarEvent[];
  /** Alarms as "HH:MM" with an optional label. */
  alarms: { time: string; label: string }[];
  /** Messages and calls made so far (side effects of tools, kept for inspection). */
  outbox: { to: string; text: string }[];
}

const quarterHour = (random: Random, fromHour: number, toHour: number): string =>
  `${String(random.int(fromHour, toHour)).padStart(2, '0')}:${String(random.pick([0, 15, 30, 45])).padStart(2, '0')}`;

/** The world of a seed: deterministic, with at least 5 open orders, 5 dates with events and 4 alarms. */
export function createWorld(seed: number): WorldState {
  const random = new Random(seed);
  const phones = random.shuffle(Array.from({ length: 90 }, (_, index) => index + 10)).slice(0, CONTACT_NAMES.length);
  const contacts = Object.fromEntries(CONTACT_NAMES.map((name, index) => [name, `555-01${phones[index]}`]));
  const forecast: WorldState['forecast'] = {};
  const temperature: WorldState['temperature'] = {};
  for (const city of CITIES) {
    forecast[city] = Object.fromEntries(DATES.map((date) => [date, random.pick(CONDITIONS)]));
    temperature[city] = random.int(-5, 35);
  }
  const orders: WorldState['orders'] = {};
  const ids = random.shuffle(Array.from({ length: 900 }, (_, index) => index + 100)).slice(0, 20);
  ids.forEach((id, index) => {
    // The first eight orders are open (pending or shipped) so cancellation tasks always have candidates.
    const status = index < 8 ? ORDER_STATUSES[index % 2]! : random.pick(ORDER_STATUSES);
    orders[`B${id}`] = { status, total: random.int(500, 30000) / 100 };
  });
  const events: CalendarEvent[] = [];
  DATES.forEach((date, offset) => {
    // Days 0..4 always have events; the weekend may be free (so "next event" can be unanswerable).
    const count = offset < 5 ? random.int(1, 3) : random.int(0, 1);
    for (let index = 0; index < count; index++) {
      events.push({
        id: `ev${events.length + 1}`,
        title: random.pick(EVENT_TITLES),
        date,
        time: quarterHour(random, 8, 17),
      });
    }
  });
  const alarmTimes = new Set<string>();
  while (alarmTimes.size < 4) alarmTimes.add(quarterHour(random, 6, 22));
  const alarms = [...alarmTimes].sort().map((time) => ({ time, label: random.pick(ALARM_LABELS) }));
  return { contacts, forecast, temperature, orders, events, alarms, outbox: [] };
}

/** A deep copy, so that executing a task never changes the shared world. */
export function cloneWorld(world: WorldState): WorldState {
  // A typed deep copy: the generic structuredClone was most of the cost of instantiating a spec.
  return {
    contacts: { ...world.contacts },
    forecast: Object.fromEntries(Object.entries(world.forecast).map(([city, days]) => [city, { ...days }])),
    temperature: { ...world.temperature },
    orders: Object.fromEntries(Object.entries(world.orders).map(([id, order]) => [id, { ...order }])),
    events: world.events.map((event) => ({ ...event })),
    alarms: world.alarms.map((alarm) => ({ ...alarm })),
    outbox: world.outbox.map((message) => ({ ...message })),
  };
}
