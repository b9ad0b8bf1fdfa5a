/**
 * The executable tools of the tool world (16 tools in 7 families), their JSON-Schema parameters and
 * their effects on the world. A tool returns one scalar (a phone number, a condition, a number) so that
 * a later call can use it as `$k`.
 */
import type { ToolSchema } from '../../interfaces/chat.ts';
import { normalizeValue } from '../answer-matching.ts';
import { formatTime, parseTime } from './value-words.ts';
import { DATES, RATES, UNITS, type WorldState } from './world.ts';

/** How a parameter's value is checked and compared. */
export type ParameterKind =
  | 'time'
  | 'date'
  | 'number'
  | 'text'
  | 'name'
  | 'city'
  | 'order'
  | 'unit'
  | 'currency'
  | 'phone';

export interface ToolParameter {
  name: string;
  kind: ParameterKind;
  description: string;
  required: boolean;
}

export type ToolResult = { ok: true; value: string | number } | { ok: false; reason: string };

export interface Tool {
  name: string;
  family: string;
  description: string;
  parameters: ToolParameter[];
  /** Runs the tool on checked arguments (`time` "HH:MM", `date` "MM-DD", numbers as numbers); may change `world`. */
  run(world: WorldState, args: Record<string, string | number>): ToolResult;
}

const parameter = (name: string, kind: ParameterKind, description: string, required = true): ToolParameter => ({
  name,
  kind,
  description,
  required,
});
const ok = (value: string | number): ToolResult => ({ ok: true, value });
const fail = (reason: string): ToolResult => ({ ok: false, reason });
const round2 = (value: number): number => Math.round(value * 100) / 100;
const text = (value: string | number): string => String(value);

function convertUnits(value: number, from: string, to: string): ToolResult {
  const source = UNITS[from];
  const target = UNITS[to];
  if (!source || !target) return fail(`unknown unit ${source ? to : from}`);
  if (from === to) return fail(`convert needs two different units, got ${from} twice`);
  if (source.dimension !== target.dimension)
    return fail(`cannot convert ${from} (${source.dimension}) to ${to} (${target.dimension})`);
  if (source.dimension === 'temperature')
    return ok(round2(from === 'C' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9));
  return ok(round2((value * source.factor) / target.factor));
}

function exchange(amount: number, from: string, to: string): ToolResult {
  if (from === to) return fail(`exchange needs two different currencies, got ${from} twice`);
  return ok(round2((amount / RATES[from]!) * RATES[to]!));
}

/** Every tool, in a fixed order (the order of the catalogue shown to chat models is the task's, not this). */
export const TOOLS: readonly Tool[] = [
  {
    name: 'set_alarm',
    family: 'alarms',
    description: 'Set an alarm.',
    parameters: [
      parameter('time', 'time', 'time as HH:MM, 24-hour clock'),
      parameter('label', 'text', 'name of the alarm', false),
    ],
    run: (world, args) => {
      world.alarms.push({ time: text(args.time!), label: args.label === undefined ? '' : text(args.label) });
      return ok(`alarm ${world.alarms.length} set`);
    },
  },
  {
    name: 'cancel_alarm',
    family: 'alarms',
    description: 'Delete the alarm set for a time.',
    parameters: [parameter('time', 'time', 'time of the alarm as HH:MM, 24-hour clock')],
    run: (world, args) => {
      const index = world.alarms.findIndex((alarm) => alarm.time === args.time);
      if (index < 0) return fail(`no alarm is set for ${args.time}`);
      world.alarms.splice(index, 1);
      return ok('cancelled');
    },
  },
  {
    name: 'find_contact',
    family: 'contacts',
    description: "Look up a contact's phone number.",
    parameters: [parameter('name', 'name', 'contact name')],
    run: (world, args) => ok(world.contacts[text(args.name!)]!),
  },
  {
    name: 'call',
    family: 'contacts',
    description: 'Phone a number.',
    parameters: [parameter('number', 'phone', 'phone number, e.g. 555-0123')],
    run: (world, args) => {
      const name = Object.keys(world.contacts).find((contact) => world.contacts[contact] === args.number);
      return name ? ok(`calling ${name}`) : fail(`no contact has the number ${args.number}`);
    },
  },
  {
    name: 'send_text',
    family: 'contacts',
    description: 'Send a text message to a contact.',
    parameters: [parameter('to', 'name', 'contact name'), parameter('text', 'text', 'message text')],
    run: (world, args) => {
      world.outbox.push({ to: text(args.to!), text: text(args.text!) });
      return ok('sent');
    },
  },
  {
    name: 'get_weather',
    family: 'weather',
    description: 'Forecast condition for a city on a date.',
    parameters: [parameter('city', 'city', 'city name'), parameter('date', 'date', 'date as MM-DD')],
    run: (world, args) => ok(world.forecast[text(args.city!)]![text(args.date!)]!),
  },
  {
    name: 'get_temp',
    family: 'weather',
    description: 'Current temperature of a city in Celsius.',
    parameters: [parameter('city', 'city', 'city name')],
    run: (world, args) => ok(world.temperature[text(args.city!)]!),
  },
  {
    name: 'convert',
    family: 'conversion',
    description: 'Convert a quantity between units (km mi m ft cm in kg lb l gal C F).',
    parameters: [
      parameter('value', 'number', 'quantity'),
      parameter('from', 'unit', 'unit code to convert from'),
      parameter('to', 'unit', 'unit code to convert to'),
    ],
    run: (_world, args) => convertUnits(Number(args.value), text(args.from!), text(args.to!)),
  },
  {
    name: 'exchange',
    family: 'conversion',
    description: 'Convert money between currencies (USD EUR GBP JPY CHF INR).',
    parameters: [
      parameter('amount', 'number', 'amount of money'),
      parameter('from', 'currency', 'currency code to convert from'),
      parameter('to', 'currency', 'currency code to convert to'),
    ],
    run: (_world, args) => exchange(Number(args.amount), text(args.from!), text(args.to!)),
  },
  {
    name: 'add',
    family: 'calculator',
    description: 'Add two numbers.',
    parameters: [parameter('a', 'number', 'first number'), parameter('b', 'number', 'second number')],
    run: (_world, args) => ok(round2(Number(args.a) + Number(args.b))),
  },
  {
    name: 'mul',
    family: 'calculator',
    description: 'Multiply two numbers.',
    parameters: [parameter('a', 'number', 'first number'), parameter('b', 'number', 'second number')],
    run: (_world, args) => ok(round2(Number(args.a) * Number(args.b))),
  },
  {
    name: 'add_event',
    family: 'calendar',
    description: 'Add an event to the calendar; returns its id.',
    parameters: [
      parameter('title', 'text', 'event title'),
      parameter('date', 'date', 'date as MM-DD'),
      parameter('time', 'time', 'start time as HH:MM, 24-hour clock'),
    ],
    run: (world, args) => {
      const id = `ev${world.events.length + 1}`;
      world.events.push({ id, title: text(args.title!), date: text(args.date!), time: text(args.time!) });
      return ok(id);
    },
  },
  {
    name: 'next_event',
    family: 'calendar',
    description: 'Start time of the first event on a date.',
    parameters: [parameter('date', 'date', 'date as MM-DD')],
    run: (world, args) => {
      const times = world.events
        .filter((event) => event.date === args.date)
        .map((event) => event.time)
        .sort();
      return times.length > 0 ? ok(times[0]!) : fail(`no events on ${args.date}`);
    },
  },
  {
    name: 'order_status',
    family: 'orders',
    description: 'Status of an order.',
    parameters: [parameter('id', 'order', 'order id, e.g. B123')],
    run: (world, args) => ok(world.orders[text(args.id!)]!.status),
  },
  {
    name: 'order_total',
    family: 'orders',
    description: 'Total of an order in USD.',
    parameters: [parameter('id', 'order', 'order id, e.g. B123')],
    run: (world, args) => ok(world.orders[text(args.id!)]!.total),
  },
  {
    name: 'cancel_order',
    family: 'orders',
    description: 'Cancel an order that has not been delivered.',
    parameters: [parameter('id', 'order', 'order id, e.g. B123')],
    run: (world, args) => {
      const order = world.orders[text(args.id!)]!;
      if (order.status !== 'pending' && order.status !== 'shipped')
        return fail(`order ${args.id} is ${order.status} and cannot be cancelled`);
      order.status = 'cancelled';
      return ok('cancelled');
    },
  },
];

export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);
const TOOLS_BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** The tool of a name, or undefined. */
export function toolByName(name: string): Tool | undefined {
  return TOOLS_BY_NAME.get(name);
}

/** Checks one argument value against its kind and the world; returns the typed value or a reason. */
export function checkArgument(
  kind: ParameterKind,
  value: unknown,
  world: WorldState,
): { ok: true; value: string | number } | { ok: false; reason: string } {
  const normal = normalizeValue(value);
  const raw = typeof value === 'string' ? value.trim() : value;
  switch (kind) {
    case 'number':
      return typeof normal === 'number' && Number.isFinite(normal)
        ? { ok: true, value: normal }
        : { ok: false, reason: `${JSON.stringify(value)} is not a number` };
    case 'time': {
      const parsed = typeof raw === 'string' ? parseTime(raw) : null;
      return parsed
        ? { ok: true, value: formatTime(...parsed) }
        : { ok: false, reason: `${JSON.stringify(value)} is not a time HH:MM` };
    }
    case 'date': {
      const date = canonicalDate(raw);
      return date !== null && (DATES as readonly string[]).includes(date)
        ? { ok: true, value: date }
        : {
            ok: false,
            reason: `${JSON.stringify(value)} is not a date the world knows (${DATES[0]}..${DATES[DATES.length - 1]})`,
          };
    }
    case 'name':
      return typeof raw === 'string' && raw in world.contacts
        ? { ok: true, value: raw }
        : { ok: false, reason: `unknown contact ${JSON.stringify(value)}` };
    case 'city':
      return typeof raw === 'string' && raw in world.forecast
        ? { ok: true, value: raw }
        : { ok: false, reason: `unknown city ${JSON.stringify(value)}` };
    case 'order':
      return typeof raw === 'string' && raw in world.orders
        ? { ok: true, value: raw }
        : { ok: false, reason: `unknown order ${JSON.stringify(value)}` };
    case 'unit':
      return typeof raw === 'string' && raw in UNITS
        ? { ok: true, value: raw }
        : { ok: false, reason: `unknown unit ${JSON.stringify(value)}` };
    case 'currency':
      return typeof raw === 'string' && raw in RATES
        ? { ok: true, value: raw }
        : { ok: false, reason: `unknown currency ${JSON.stringify(value)}` };
    case 'phone':
      return typeof raw === 'string' && /^555-\d{4}$/.test(raw)
        ? { ok: true, value: raw }
        : { ok: false, reason: `${JSON.stringify(value)} is not a phone number` };
    case 'text':
      return (typeof raw === 'string' && raw.length > 0 && raw.length <= 60) || typeof raw === 'number'
        ? { ok: true, value: typeof raw === 'number' ? String(raw) : raw }
        : { ok: false, reason: `${JSON.stringify(value)} is not a short text` };
  }
}

/** "6-5", "06-05" or "2025-06-05" → "06-05"; anything else → null. */
function canonicalDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(?:2025-)?(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  return match ? `${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}` : null;
}

/**
 * The form an argument value is compared in: numeric strings as numbers ("5" = 5), times and dates
 * zero-padded, other strings trimmed and lower-cased. Values of the wrong type stay as they are, so
 * they differ from the gold value (true ≠ 1, [5] ≠ 5, "five" ≠ 5).
 */
export function canonicalArgument(kind: ParameterKind | undefined, value: unknown): unknown {
  if (kind === 'time' && typeof value === 'string') {
    const parsed = parseTime(value);
    if (parsed) return formatTime(...parsed);
  }
  if (kind === 'date') {
    const date = canonicalDate(value);
    if (date !== null) return date;
  }
  const normal = normalizeValue(value);
  return typeof normal === 'string' ? normal.toLowerCase() : normal;
}

/** OpenAI function schema of a tool. */
export function toolSchema(tool: Tool): ToolSchema {
  // Numbers may also be "$k" (the result of call k), so number parameters accept strings too.
  const properties = Object.fromEntries(
    tool.parameters.map((item) => [
      item.name,
      item.kind === 'number'
        ? { type: ['number', 'string'], description: `${item.description} (or "$k", the result of call k)` }
        : { type: 'string', description: item.description },
    ]),
  );
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: {
        type: 'object',
        properties,
        required: tool.parameters.filter((item) => item.required).map((item) => item.name),
        additionalProperties: false,
      },
    },
  };
}

/** Compact signature "name(arg,arg)" (optional arguments end in "?"). */
export function toolSignature(tool: Tool): string {
  return `${tool.name}(${tool.parameters.map((item) => item.name + (item.required ? '' : '?')).join(',')})`;
}
