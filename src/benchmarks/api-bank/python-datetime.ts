import { PythonError, PythonExceptionValue, pythonRepr, pythonZfill } from './python-values.ts';

/**
 * Python's `datetime.strptime` for the directives API-Bank uses (%Y %m %d %H %M %S), with its error
 * messages, which the official evaluator compares as strings. Returns ISO-like parts.
 */
export interface ParsedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Python's _strptime directive patterns (Lib/_strptime.py), matched case-insensitively from the start.
const directivePatterns: Record<string, string> = {
  Y: '(\\d\\d\\d\\d)',
  m: '(1[0-2]|0[1-9]|[1-9])',
  d: '(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
  H: '(2[0-3]|[0-1]\\d|\\d)',
  M: '([0-5]\\d|\\d)',
  S: '(6[0-1]|[0-5]\\d|\\d)',
};

function formatRegex(format: string): { regex: RegExp; fields: string[] } {
  const fields: string[] = [];
  let source = '';
  for (let index = 0; index < format.length; index++) {
    const character = format[index]!;
    if (character === '%' && index + 1 < format.length) {
      const directive = format[++index]!;
      fields.push(directive);
      source += directivePatterns[directive]!;
    } else if (/\s/.test(character)) {
      source += '\\s+';
    } else {
      source += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return { regex: new RegExp(`^${source}`, 'i'), fields };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `datetime.strptime(text, format)`; throws PythonError with Python's message on failure. */
export function strptime(text: string, format: string): ParsedDateTime {
  const { regex, fields } = formatRegex(format);
  const match = regex.exec(text);
  if (!match) throw new PythonError(`time data ${pythonRepr(text)} does not match format ${pythonRepr(format)}`);
  if (match[0].length !== text.length)
    throw new PythonError(`unconverted data remains: ${text.slice(match[0].length)}`);
  const parsed: ParsedDateTime = { year: 1900, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  fields.forEach((field, index) => {
    const value = Number.parseInt(match[index + 1]!.trim(), 10);
    if (field === 'Y') parsed.year = value;
    else if (field === 'm') parsed.month = value;
    else if (field === 'd') parsed.day = value;
    else if (field === 'H') parsed.hour = value;
    else if (field === 'M') parsed.minute = value;
    else if (field === 'S') parsed.second = value;
  });
  if (parsed.year < 1) throw new PythonError(`year ${parsed.year} is out of range`);
  if (parsed.second > 59) throw new PythonError('second must be in 0..59');
  if (parsed.day > daysInMonth(parsed.year, parsed.month)) throw new PythonError('day is out of range for month');
  return parsed;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** `strftime` for the same directives. */
export function strftime(value: ParsedDateTime, format: string): string {
  return format.replace(/%([YmdHMS])/g, (_, directive: string) => {
    if (directive === 'Y') return pad(value.year, 4);
    if (directive === 'm') return pad(value.month, 2);
    if (directive === 'd') return pad(value.day, 2);
    if (directive === 'H') return pad(value.hour, 2);
    if (directive === 'M') return pad(value.minute, 2);
    return pad(value.second, 2);
  });
}

/**
 * The official `format_check` idiom: strip, zero-fill a short year when the text has three '-'
 * parts, then round-trip through strptime/strftime; an exception object (never equal) on failure.
 */
export function normalizeDateText(text: string, format: string): string | PythonExceptionValue {
  let value = text.trim();
  const parts = value.split('-');
  if (parts.length === 3) {
    if (parts[0]!.length !== 4) parts[0] = pythonZfill(parts[0]!, 4);
    value = parts.join('-');
  }
  try {
    return strftime(strptime(value, format), format);
  } catch (error) {
    if (error instanceof PythonError) return new PythonExceptionValue(error.message);
    throw error;
  }
}
