/**
 * Near misses of a gold call sequence — answers one edit away from correct, each of which must score 0.
 * Used by the tests and usable as hard negatives: a wrong argument value, a wrong type, a wrong tool,
 * an extra argument, swapped calls, an extra call, a missing call.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import { referenceIndex } from './execute.ts';
import { TOOL_NAMES, toolByName, type ParameterKind } from './tools.ts';
import { formatTime, parseTime } from './value-words.ts';
import { CITIES, CONTACT_NAMES, DATES, MESSAGE_TEXTS, RATES, UNITS } from './world.ts';

export interface NearMiss {
  kind: string;
  calls: ToolCall[];
}

/** Another value of the same kind: the next one in the world's list, an hour later, a day later, plus one. */
export function otherValue(kind: ParameterKind | undefined, value: unknown): unknown {
  const next = (pool: readonly string[]) => pool[(pool.indexOf(String(value)) + 1) % pool.length]!;
  switch (kind) {
    case 'number':
      return Number(value) + 1;
    case 'time': {
      const parsed = parseTime(String(value));
      return parsed ? formatTime((parsed[0] + 1) % 24, parsed[1]) : '12:00';
    }
    case 'date':
      return next(DATES);
    case 'name':
      return next(CONTACT_NAMES);
    case 'city':
      return next(CITIES);
    case 'unit':
      return next(Object.keys(UNITS));
    case 'currency':
      return next(Object.keys(RATES));
    case 'text':
      return next(MESSAGE_TEXTS);
    case 'order':
      return String(value) === 'B100' ? 'B101' : 'B100';
    case 'phone':
      return '555-0000';
    default:
      return `${String(value)}x`;
  }
}

const copy = (calls: readonly ToolCall[]): ToolCall[] =>
  calls.map((entry) => ({ name: entry.name, arguments: { ...entry.arguments } }));

/** One-edit variants of `gold` that are all wrong. */
export function nearMisses(gold: readonly ToolCall[]): NearMiss[] {
  const misses: NearMiss[] = [];
  const first = gold[0]!;
  const tool = toolByName(first.name)!;
  const literal = Object.keys(first.arguments).find((name) => referenceIndex(first.arguments[name]) === null);
  if (literal !== undefined) {
    const kind = tool.parameters.find((parameter) => parameter.name === literal)?.kind;
    const wrongValue = copy(gold);
    wrongValue[0]!.arguments[literal] = otherValue(kind, first.arguments[literal]);
    misses.push({ kind: 'wrong value', calls: wrongValue });
    const wrongType = copy(gold);
    wrongType[0]!.arguments[literal] = [first.arguments[literal]];
    misses.push({ kind: 'wrong type (array)', calls: wrongType });
    const numeric = Object.keys(first.arguments).find((name) => typeof first.arguments[name] === 'number');
    if (numeric !== undefined) {
      const booleanType = copy(gold);
      booleanType[0]!.arguments[numeric] = first.arguments[numeric] === 1;
      misses.push({ kind: 'wrong type (boolean)', calls: booleanType });
    }
  }
  const wrongTool = copy(gold);
  wrongTool[0]!.name = TOOL_NAMES.find((name) => name !== first.name && !gold.some((entry) => entry.name === name))!;
  misses.push({ kind: 'wrong tool', calls: wrongTool });
  const extraArgument = copy(gold);
  extraArgument[0]!.arguments.note = 'please';
  misses.push({ kind: 'extra argument', calls: extraArgument });
  const missingArgument = copy(gold);
  delete missingArgument[0]!.arguments[Object.keys(first.arguments)[0]!];
  misses.push({ kind: 'missing argument', calls: missingArgument });
  misses.push({ kind: 'extra call', calls: [...copy(gold), copy(gold)[gold.length - 1]!] });
  if (gold.length >= 2) {
    const swapped = copy(gold);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    misses.push({ kind: 'swapped order', calls: swapped });
    misses.push({ kind: 'missing call', calls: copy(gold).slice(0, -1) });
    misses.push({ kind: 'missing first call', calls: copy(gold).slice(1) });
    const wrongReference = copy(gold);
    const last = wrongReference[wrongReference.length - 1]!;
    const referencing = Object.keys(last.arguments).find((name) => referenceIndex(last.arguments[name]) !== null);
    if (referencing !== undefined) {
      last.arguments[referencing] = referenceIndex(last.arguments[referencing]) === 1 ? '$2' : '$1';
      misses.push({ kind: 'wrong reference', calls: wrongReference });
    }
  }
  return misses;
}
