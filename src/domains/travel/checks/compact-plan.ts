/**
 * The compact plan syntax a small byte-level model writes (the travel domain's answers, and accepted by the
 * TravelPlanner benchmark beside JSON): one line per day,
 *
 *   <city>[><city> <transport>][|<stay>[|<breakfast>[|<lunch>[|<dinner>[|<attractions>]]]]]
 *
 * e.g. `Avon>Pell F1234|Pine` (fly from Avon to Pell, sleep at Pine), `Pell|Pine|Lotus|Basil|Fig|Museum;Zoo`
 * (a day in Pell), `Pell>Avon car` (drive home). The three meals come together (a small model copies them from one
 * list of the prompt), the sights last. Transport is a flight number, `car` (self-driving) or `taxi`; `-`
 * or nothing is an empty entry, trailing empty entries may be left out, attractions are joined by `;`. Names need no
 * city: the stay is in the city where the day ends; meals and attractions are in the day's city, on a travel day in
 * the city reached — except on the way home, when they are in the city left. An entry may name its city anyway
 * (`Lotus, Avon`) when that is one of the day's cities. (Names that contain `|` cannot be written in this syntax;
 * JSON can.)
 */
import type { ParseResult } from '../../../interfaces/task.ts';
import type { Plan } from './plan.ts';

/** One day of a compact plan; `to` and `transport` are set on travel days only. */
export interface CompactDay {
  /** The day's city, or the city left on a travel day. */
  from: string;
  to: string | null;
  /** A flight number (`F…`), `car` or `taxi`. */
  transport: string | null;
  stay: string | null;
  breakfast: string | null;
  attractions: string[];
  lunch: string | null;
  dinner: string | null;
}

/** Longest compact plan read, in days (TravelPlanner plans have at most 7). */
export const MAX_COMPACT_DAYS = 30;

const TRANSPORT = /^(F\d{1,10}|car|taxi)$/;
const TRAVEL_HEAD = /^([^>|;]+?)\s*>\s*([^>|;]+?) +(\S+)$/;
const STAY_HEAD = /^[^>|;]+$/;

/** The text of one day. */
export function formatCompactDay(day: CompactDay): string {
  const head = day.to === null ? day.from : `${day.from}>${day.to} ${day.transport ?? ''}`.trimEnd();
  const fields = [
    day.stay,
    day.breakfast,
    day.lunch,
    day.dinner,
    day.attractions.length > 0 ? day.attractions.join(';') : null,
  ].map((value) => value ?? '-');
  while (fields.length > 0 && fields[fields.length - 1] === '-') fields.pop();
  return [head, ...fields].join('|');
}

/** The text of a plan, one day per line. */
export function formatCompactPlan(days: readonly CompactDay[]): string {
  return days.map(formatCompactDay).join('\n');
}

const entry = (text: string | undefined): string | null => {
  const value = (text ?? '').trim();
  return value === '' || value === '-' ? null : value;
};

/**
 * Reads a compact plan. Strict, so that prose is never taken for a plan: every non-empty line must be a day, and the
 * first day must travel (`A>B <transport>`). Never throws; says which line is wrong and why.
 */
export function parseCompactPlan(text: string): ParseResult<CompactDay[]> {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) return { ok: false, reason: 'no plan lines' };
  if (lines.length > MAX_COMPACT_DAYS) return { ok: false, reason: `more than ${MAX_COMPACT_DAYS} plan lines` };
  const days: CompactDay[] = [];
  for (const [index, line] of lines.entries()) {
    const [head = '', ...fields] = line.split('|');
    if (fields.length > 5) return { ok: false, reason: `line ${index + 1}: more than 6 fields` };
    const travel = TRAVEL_HEAD.exec(head.trim());
    let from: string;
    let to: string | null = null;
    let transport: string | null = null;
    if (travel) {
      if (!TRANSPORT.test(travel[3]!))
        return {
          ok: false,
          reason: `line ${index + 1}: transport ${JSON.stringify(travel[3])} is not a flight number, car or taxi`,
        };
      [from, to, transport] = [travel[1]!, travel[2]!, travel[3]!];
    } else if (head.includes('>')) {
      return { ok: false, reason: `line ${index + 1}: a travel day is "A>B <flight number|car|taxi>"` };
    } else {
      if (index === 0) return { ok: false, reason: 'line 1: the first day must travel ("A>B <transport>")' };
      if (!STAY_HEAD.test(head.trim()))
        return { ok: false, reason: `line ${index + 1}: no city at the start of the line` };
      from = head.trim();
    }
    const attractions = (fields[4] ?? '')
      .split(';')
      .map((name) => name.trim())
      .filter((name) => name !== '' && name !== '-');
    days.push({
      from,
      to,
      transport,
      stay: entry(fields[0]),
      breakfast: entry(fields[1]),
      attractions,
      lunch: entry(fields[2]),
      dinner: entry(fields[3]),
    });
  }
  return { ok: true, value: days };
}

/** The city where a day's meals and attractions are (see the module comment); `home` is the first day's origin. */
export function entryCity(day: CompactDay, home: string): string {
  if (day.to === null) return day.from;
  return day.to === home ? day.from : day.to;
}

/** "Name, City" of an entry: the name as written when it already ends with one of the day's cities. */
function located(name: string | null, city: string, day: CompactDay): string {
  if (name === null) return '-';
  const cities = day.to === null ? [day.from] : [day.from, day.to];
  return cities.some((candidate) => name.endsWith(`, ${candidate}`)) ? name : `${name}, ${city}`;
}

/** The official transportation text of a travel day: what the checks read from it. */
function transportation(day: CompactDay): string {
  if (day.to === null || day.transport === null) return '-';
  const route = `from ${day.from} to ${day.to}`;
  if (day.transport === 'car') return `Self-driving, ${route}`;
  if (day.transport === 'taxi') return `Taxi, ${route}`;
  return `Flight Number: ${day.transport}, ${route}`;
}

/** The official day dicts of a compact plan: "Name, City" entries, "from A to B" travel days, "-" where empty. */
export function compactToPlan(days: readonly CompactDay[]): Plan {
  const home = days[0]?.from ?? '';
  return days.map((day, index) => {
    const city = entryCity(day, home);
    return {
      days: index + 1,
      current_city: day.to === null ? day.from : `from ${day.from} to ${day.to}`,
      transportation: transportation(day),
      breakfast: located(day.breakfast, city, day),
      attraction:
        day.attractions.length === 0 ? '-' : day.attractions.map((name) => `${located(name, city, day)};`).join(''),
      lunch: located(day.lunch, city, day),
      dinner: located(day.dinner, city, day),
      accommodation: located(day.stay, day.to ?? day.from, day),
    };
  });
}
