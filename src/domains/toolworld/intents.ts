/**
 * The intent catalogue: what a user asks for, as a chain of 1–3 tool calls whose arguments come from
 * slots, from earlier results (`$1`, `$2`) or from constants, and four phrasings ordered from common
 * (0) to rare (2) and unseen (3: never used by the seed set, only by `test-hard` and the simulator).
 */

/** How a slot's value is drawn and written. */
export type SlotKind =
  | 'time'
  | 'alarm-time'
  | 'date'
  | 'event-date'
  | 'name'
  | 'city'
  | 'text'
  | 'label'
  | 'title'
  | 'order'
  | 'open-order'
  | 'number'
  | 'small-number'
  | 'unit-from'
  | 'unit-to'
  | 'currency-from'
  | 'currency-to'
  | 'target-currency';

/** Kinds whose values can be written in words (times, dates, numbers, units, currencies). */
export const TRANSFORMABLE_KINDS: ReadonlySet<SlotKind> = new Set<SlotKind>([
  'time',
  'alarm-time',
  'date',
  'event-date',
  'number',
  'small-number',
  'unit-from',
  'unit-to',
  'currency-from',
  'currency-to',
  'target-currency',
]);

/** One call of an intent; an argument source is a slot name, `$k` (result of call k, 1-based) or `=constant`. */
export interface IntentCall {
  tool: string;
  args: Record<string, string>;
}

export interface Intent {
  id: string;
  family: string;
  /** Slot name → kind, in the order they are filled and transformed. */
  slots: Record<string, SlotKind>;
  calls: IntentCall[];
  /** Templates with `{slot}` placeholders; index = paraphrase rarity. */
  phrasings: readonly [string, string, string, string];
}

const intent = (
  id: string,
  family: string,
  slots: Record<string, SlotKind>,
  calls: IntentCall[],
  phrasings: Intent['phrasings'],
): Intent => ({ id, family, slots, calls, phrasings });
const call = (tool: string, args: Record<string, string>): IntentCall => ({ tool, args });

export const INTENTS: readonly Intent[] = [
  // Single calls.
  intent(
    'alarm',
    'alarms',
    { time: 'time' },
    [call('set_alarm', { time: 'time' })],
    ['set an alarm for {time}', 'wake me up at {time}', 'I need an alarm at {time}', "make sure I'm up by {time}"],
  ),
  intent(
    'alarm_label',
    'alarms',
    { time: 'time', label: 'label' },
    [call('set_alarm', { time: 'time', label: 'label' })],
    [
      'set an alarm for {time} called {label}',
      'alarm at {time} labelled {label}',
      'remind me with an alarm named {label} at {time}',
      'at {time} I want a {label} alarm',
    ],
  ),
  intent(
    'alarm_cancel',
    'alarms',
    { time: 'alarm-time' },
    [call('cancel_alarm', { time: 'time' })],
    [
      'cancel my {time} alarm',
      'delete the alarm at {time}',
      'I no longer need the {time} alarm',
      'turn off the alarm set for {time} for good',
    ],
  ),
  intent(
    'contact',
    'contacts',
    { name: 'name' },
    [call('find_contact', { name: 'name' })],
    [
      'find the number of {name}',
      "look up {name}'s phone number",
      "what is {name}'s number",
      'dig up the contact details for {name}',
    ],
  ),
  intent(
    'text',
    'contacts',
    { name: 'name', text: 'text' },
    [call('send_text', { to: 'name', text: 'text' })],
    [
      'text {name} "{text}"',
      'send {name} a message saying "{text}"',
      'let {name} know "{text}"',
      'drop {name} a line: "{text}"',
    ],
  ),
  intent(
    'weather',
    'weather',
    { city: 'city', date: 'date' },
    [call('get_weather', { city: 'city', date: 'date' })],
    [
      'weather in {city} {date}',
      'what is the weather in {city} {date}',
      'will I need an umbrella in {city} {date}',
      'how does the sky look over {city} {date}',
    ],
  ),
  intent(
    'temp',
    'weather',
    { city: 'city' },
    [call('get_temp', { city: 'city' })],
    [
      'temperature in {city}',
      'how warm is it in {city}',
      'is it cold in {city} right now',
      'check the thermometer reading for {city}',
    ],
  ),
  intent(
    'units',
    'conversion',
    { value: 'number', from: 'unit-from', to: 'unit-to' },
    [call('convert', { value: 'value', from: 'from', to: 'to' })],
    [
      'convert {value} {from} to {to}',
      'how many {to} is {value} {from}',
      'express {value} {from} in {to}',
      '{value} {from} equals how many {to}',
    ],
  ),
  intent(
    'money',
    'conversion',
    { amount: 'number', from: 'currency-from', to: 'currency-to' },
    [call('exchange', { amount: 'amount', from: 'from', to: 'to' })],
    [
      'exchange {amount} {from} to {to}',
      'how much is {amount} {from} in {to}',
      'change {amount} {from} into {to}',
      'what do {amount} {from} come to in {to}',
    ],
  ),
  intent(
    'add',
    'calculator',
    { a: 'number', b: 'number' },
    [call('add', { a: 'a', b: 'b' })],
    ['add {a} and {b}', 'what is {a} plus {b}', 'sum {a} and {b}', '{a} together with {b} makes what'],
  ),
  intent(
    'mul',
    'calculator',
    { a: 'number', b: 'number' },
    [call('mul', { a: 'a', b: 'b' })],
    ['multiply {a} by {b}', 'what is {a} times {b}', 'the product of {a} and {b}', '{a} lots of {b} is how much'],
  ),
  intent(
    'event',
    'calendar',
    { title: 'title', date: 'date', time: 'time' },
    [call('add_event', { title: 'title', date: 'date', time: 'time' })],
    [
      'add {title} to my calendar {date} at {time}',
      'schedule {title} {date} at {time}',
      'put {title} in the diary {date} at {time}',
      'book me in for {title} {date} at {time}',
    ],
  ),
  intent(
    'next_event',
    'calendar',
    { date: 'event-date' },
    [call('next_event', { date: 'date' })],
    [
      'when is my first meeting {date}',
      'next event {date}',
      'what is first on my agenda {date}',
      'how early does my day start {date}',
    ],
  ),
  intent(
    'order',
    'orders',
    { id: 'order' },
    [call('order_status', { id: 'id' })],
    ['status of order {id}', 'where is my order {id}', 'has order {id} shipped yet', 'any news on parcel {id}'],
  ),
  intent(
    'order_cancel',
    'orders',
    { id: 'open-order' },
    [call('cancel_order', { id: 'id' })],
    ['cancel order {id}', 'please cancel my order {id}', 'I want to call off order {id}', 'scrap purchase {id}'],
  ),
  // Chains of two: the second call uses the first call's result.
  intent(
    'call',
    'contacts',
    { name: 'name' },
    [call('find_contact', { name: 'name' }), call('call', { number: '$1' })],
    ['call {name}', 'phone {name}', 'ring {name} for me', 'get {name} on the line'],
  ),
  intent(
    'weather_text',
    'weather',
    { name: 'name', city: 'city', date: 'date' },
    [call('get_weather', { city: 'city', date: 'date' }), call('send_text', { to: 'name', text: '$1' })],
    [
      'text {name} the weather in {city} {date}',
      'send {name} the forecast for {city} {date}',
      'let {name} know what the weather in {city} will be {date}',
      'forward the {city} outlook {date} to {name}',
    ],
  ),
  intent(
    'order_text',
    'orders',
    { name: 'name', id: 'order' },
    [call('order_status', { id: 'id' }), call('send_text', { to: 'name', text: '$1' })],
    [
      'text {name} the status of order {id}',
      'tell {name} where order {id} is',
      'let {name} know how order {id} is doing',
      'keep {name} posted on order {id}',
    ],
  ),
  intent(
    'event_alarm',
    'calendar',
    { label: 'label', date: 'event-date' },
    [call('next_event', { date: 'date' }), call('set_alarm', { time: '$1', label: 'label' })],
    [
      'set a {label} alarm for my first meeting {date}',
      'alarm called {label} at my first event {date}',
      'wake me for my first appointment {date} with a {label} alarm',
      'have a {label} alarm ring when my day starts {date}',
    ],
  ),
  intent(
    'temp_f',
    'weather',
    { city: 'city' },
    [call('get_temp', { city: 'city' }), call('convert', { value: '$1', from: '=C', to: '=F' })],
    [
      'temperature in {city} in fahrenheit',
      'how warm is {city} in fahrenheit',
      'give me the {city} temperature in fahrenheit',
      'what would a US thermometer read in {city}',
    ],
  ),
  intent(
    'order_money',
    'orders',
    { id: 'order', cur: 'target-currency' },
    [call('order_total', { id: 'id' }), call('exchange', { amount: '$1', from: '=USD', to: 'cur' })],
    [
      'total of order {id} in {cur}',
      'how much was order {id} in {cur}',
      'convert the cost of order {id} to {cur}',
      'what did order {id} set me back in {cur}',
    ],
  ),
  intent(
    'add_mul',
    'calculator',
    { a: 'number', b: 'number', c: 'small-number' },
    [call('add', { a: 'a', b: 'b' }), call('mul', { a: '$1', b: 'c' })],
    [
      'add {a} and {b} then multiply by {c}',
      '{a} plus {b}, times {c}',
      'sum {a} and {b} and multiply the result by {c}',
      'take {a} and {b} together and scale by {c}',
    ],
  ),
  // Chains of three.
  intent(
    'temp_text',
    'weather',
    { name: 'name', city: 'city' },
    [
      call('get_temp', { city: 'city' }),
      call('convert', { value: '$1', from: '=C', to: '=F' }),
      call('send_text', { to: 'name', text: '$2' }),
    ],
    [
      'text {name} the temperature in {city} in fahrenheit',
      'send {name} how warm {city} is in fahrenheit',
      'let {name} know the {city} temperature in fahrenheit',
      'tell {name} what a US thermometer would read in {city}',
    ],
  ),
  intent(
    'order_money_text',
    'orders',
    { name: 'name', id: 'order', cur: 'target-currency' },
    [
      call('order_total', { id: 'id' }),
      call('exchange', { amount: '$1', from: '=USD', to: 'cur' }),
      call('send_text', { to: 'name', text: '$2' }),
    ],
    [
      'text {name} the total of order {id} in {cur}',
      'send {name} what order {id} cost in {cur}',
      'let {name} know the price of order {id} in {cur}',
      'share with {name} the {cur} cost of order {id}',
    ],
  ),
  intent(
    'calc_text',
    'calculator',
    { name: 'name', a: 'number', b: 'number', c: 'small-number' },
    [call('add', { a: 'a', b: 'b' }), call('mul', { a: '$1', b: 'c' }), call('send_text', { to: 'name', text: '$2' })],
    [
      'add {a} and {b}, multiply by {c} and text {name} the result',
      'text {name} {a} plus {b}, times {c}',
      'sum {a} and {b}, multiply the result by {c} and let {name} know',
      'tell {name} what {a} and {b} together, scaled by {c}, come to',
    ],
  ),
  intent(
    'meeting_alarm_text',
    'calendar',
    { name: 'name', date: 'event-date' },
    [
      call('next_event', { date: 'date' }),
      call('set_alarm', { time: '$1' }),
      call('send_text', { to: 'name', text: '$1' }),
    ],
    [
      'set an alarm for my first meeting {date} and text {name} the time',
      'alarm at my first event {date}, then tell {name} when it is',
      'wake me for my first appointment {date} and let {name} know the time',
      'have an alarm ring when my day starts {date} and share that time with {name}',
    ],
  ),
];

export const INTENT_IDS: readonly string[] = INTENTS.map((item) => item.id);
const INTENTS_BY_ID = new Map(INTENTS.map((item) => [item.id, item]));

/** The intent of an id, or undefined. */
export function intentById(id: string): Intent | undefined {
  return INTENTS_BY_ID.get(id);
}

/** Distinct tool names an intent calls, in call order. */
export function intentTools(item: Intent): string[] {
  return [...new Set(item.calls.map((entry) => entry.tool))];
}

/** Largest number of arguments of any one call of the intent (1–3): the `arguments` knob. */
export function intentArity(item: Intent): number {
  return Math.max(...item.calls.map((entry) => Object.keys(entry.args).length));
}

/** Total number of arguments over the intent's calls. */
export function intentArgumentCount(item: Intent): number {
  return item.calls.reduce((sum, entry) => sum + Object.keys(entry.args).length, 0);
}
