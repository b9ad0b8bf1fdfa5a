/**
 * Values written in words: the surface transforms that a task can ask the agent to undo
 * ("half past seven in the evening" → 19:30, "twenty-five" → 25, "tomorrow" → 06-03, "kilometres" → km).
 * Every function is pure; where several wordings exist, the caller's random stream picks one.
 */
import type { Random } from '../../util/random.ts';
import { DATES } from './world.ts';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** English words of an integer in [0, 999]; null outside that range or for non-integers. */
export function numberWords(value: number): string | null {
  if (!Number.isInteger(value) || value < 0 || value > 999) return null;
  if (value < 20) return ONES[value]!;
  if (value < 100) return TENS[Math.floor(value / 10)]! + (value % 10 === 0 ? '' : `-${ONES[value % 10]}`);
  const rest = value % 100;
  return `${ONES[Math.floor(value / 100)]} hundred${rest === 0 ? '' : ` and ${numberWords(rest)}`}`;
}

/** Parses "HH:MM" (24 h) into [hour, minute], or null. */
export function parseTime(text: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? [hour, minute] : null;
}

/** Zero-padded "HH:MM". */
export function formatTime(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function dayPart(hour: number, random: Random): string {
  if (random.next() < 0.5) return hour < 12 ? 'am' : 'pm';
  if (hour < 12) return 'in the morning';
  return hour < 17 ? 'in the afternoon' : 'in the evening';
}

/** A 24-hour time "HH:MM" in words on a 12-hour clock ("quarter to nine in the evening"). */
export function timeWords(time: string, random: Random): string | null {
  const parsed = parseTime(time);
  if (!parsed) return null;
  const [hour, minute] = parsed;
  if (hour === 12 && minute === 0) return 'noon';
  if (hour === 0 && minute === 0) return 'midnight';
  const clock = (value: number) => numberWords(((value + 11) % 12) + 1)!;
  const part = dayPart(hour, random);
  if (minute === 0) return `${clock(hour)} o'clock ${part}`;
  if (minute === 15) return `quarter past ${clock(hour)} ${part}`;
  if (minute === 30) return random.next() < 0.5 ? `half past ${clock(hour)} ${part}` : `${clock(hour)} thirty ${part}`;
  if (minute === 45) return `quarter to ${clock(hour + 1)} ${dayPart((hour + 1) % 24, random)}`;
  const minuteText = minute < 10 ? `oh ${numberWords(minute)}` : numberWords(minute)!;
  return `${clock(hour)} ${minuteText} ${part}`;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ORDINALS = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

/** The date phrase as written literally: "on 06-05". */
export function dateLiteral(date: string): string {
  return `on ${date}`;
}

/**
 * A world date "MM-DD" (one of DATES, today = DATES[0], a Monday) as a relative phrase in words:
 * "today", "tomorrow", "the day after tomorrow", "on friday", "on june fifth". Null for other dates.
 */
export function dateWords(date: string, random: Random): string | null {
  const offset = (DATES as readonly string[]).indexOf(date);
  if (offset < 0) return null;
  const choices: string[] = [`on ${WEEKDAYS[offset]}`];
  if (offset === 0) choices.push('today');
  if (offset === 1) choices.push('tomorrow');
  if (offset === 2) choices.push('the day after tomorrow');
  const day = Number(date.slice(3));
  if (offset > 0 && day < ORDINALS.length) choices.push(`on june ${ORDINALS[day]}`);
  return random.pick(choices);
}

/** Unit code → word (plural). */
export const UNIT_WORDS: Record<string, string> = {
  km: 'kilometres',
  mi: 'miles',
  m: 'metres',
  ft: 'feet',
  cm: 'centimetres',
  in: 'inches',
  kg: 'kilograms',
  lb: 'pounds',
  l: 'litres',
  gal: 'gallons',
  C: 'celsius',
  F: 'fahrenheit',
};

/** Currency code → word (plural). */
export const CURRENCY_WORDS: Record<string, string> = {
  USD: 'dollars',
  EUR: 'euros',
  GBP: 'pounds sterling',
  JPY: 'yen',
  CHF: 'swiss francs',
  INR: 'rupees',
};
