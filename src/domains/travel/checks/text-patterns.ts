/**
 * The string helpers of the official TravelPlanner evaluator (`utils/func.py`, `evaluation/*.py`),
 * re-implemented with the same regular expressions so that entries are split the same way.
 */

/**
 * "from A to B" → [A, B]; B runs to the next comma or the end. `null` when the text has no such phrase
 * (the official helper returns `(None, None)`).
 */
export function extractFromTo(text: string): [string, string] | null {
  const match = /from\s+(.+?)\s+to\s+([^,]+)(?=[,\s]|$)/.exec(text);
  return match ? [match[1]!, match[2]!] : null;
}

/** "Dallas(Texas)" → "Dallas": the text before the first parenthesised group, else the text unchanged. */
export function extractBeforeParenthesis(text: string): string {
  const match = /^(.*?)\([^)]*\)/.exec(text);
  return match ? match[1]! : text;
}

/**
 * "Name, with commas, City(State)" → { name: "Name, with commas", city: "City" }: the city is the text after
 * the last comma (parenthesis dropped). Unparseable entries give "-" / "-" as the official helper does.
 */
export function nameAndCity(entry: string): { name: string; city: string } {
  const match = /(.*?),\s*([^,]+)(\([\p{L}\p{N}_][\p{L}\p{N}_\s]*\))?$/u.exec(entry);
  if (!match) return { name: '-', city: '-' };
  return { name: match[1]!.trim(), city: extractBeforeParenthesis(match[2]!.trim()).trim() };
}

export type TransportMode = 'Taxi' | 'Self-driving' | 'Flight';

/** The mode named in a transportation entry (taxi, then self-driving, then flight; case-insensitive), or null. */
export function transportationMode(text: string): TransportMode | null {
  const lower = text.toLowerCase();
  if (lower.includes('taxi')) return 'Taxi';
  if (lower.includes('self-driving')) return 'Self-driving';
  if (lower.includes('flight')) return 'Flight';
  return null;
}

/**
 * The flight number of "Flight Number: F0123, from …": the text after the first "Flight Number: " up to
 * the next comma; null when that exact label is absent (where the official code raises IndexError).
 */
export function flightNumberOf(text: string): string | null {
  const parts = text.split('Flight Number: ');
  return parts.length < 2 ? null : parts[1]!.split(',')[0]!;
}
