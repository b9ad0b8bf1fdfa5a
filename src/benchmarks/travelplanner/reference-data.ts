import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import { parsePythonLiteral } from '../../domains/travel/checks/python-literal.ts';
import type { Flight } from '../../domains/travel/checks/sandbox.ts';

/** One training query: its text, reference information, the planner messages and the gold plan. */
export interface TravelRecord {
  /** 0-based line number in both files. */
  index: number;
  query: string;
  /** `train_ref_info.jsonl` line: description → rows (list of objects) or a text. */
  referenceInfo: Record<string, unknown>;
  /** System (planner instructions) and user (reference information + query) messages of the finetuning file. */
  systemMessage: string;
  userMessage: string;
  /** The gold plan: the day dicts of the assistant message, padding `{}` removed. */
  goldPlan: Record<string, unknown>[];
}

const MessagesSchema = z.object({
  messages: z.tuple([
    z.object({ role: z.literal('system'), content: z.string() }),
    z.object({ role: z.literal('user'), content: z.string() }),
    z.object({ role: z.literal('assistant'), content: z.string() }),
  ]),
});

function readLines(path: string): string[] {
  if (!existsSync(path)) throw new GenEnvError('benchmark', `TravelPlanner data file not found: ${path}`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);
}

function parseJsonLine(path: string, line: string, lineIndex: number): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new GenEnvError('benchmark', `${path}:${lineIndex + 1} is not valid JSON`, { cause: error });
  }
}

/**
 * Reads the 45 training queries: `database/train_ref_info.jsonl` and `finetuning_data/std_travelplanner.jsonl`
 * (same order, checked: the first reference description of each line appears in the user message).
 */
export function loadTravelRecords(dataPath: string): TravelRecord[] {
  const referencePath = join(dataPath, 'database/train_ref_info.jsonl');
  const messagesPath = join(dataPath, 'finetuning_data/std_travelplanner.jsonl');
  const references = readLines(referencePath);
  const conversations = readLines(messagesPath);
  if (references.length !== conversations.length) {
    throw new GenEnvError(
      'benchmark',
      `${referencePath} has ${references.length} lines but ${messagesPath} has ${conversations.length}`,
    );
  }
  return references.map((line, index) => {
    const referenceInfo = parseJsonLine(referencePath, line, index);
    if (referenceInfo === null || typeof referenceInfo !== 'object' || Array.isArray(referenceInfo)) {
      throw new GenEnvError('benchmark', `${referencePath}:${index + 1} is not an object`);
    }
    const conversation = MessagesSchema.safeParse(parseJsonLine(messagesPath, conversations[index]!, index));
    if (!conversation.success)
      throw new GenEnvError('benchmark', `${messagesPath}:${index + 1} lacks system/user/assistant messages`);
    const [system, user, assistant] = conversation.data.messages;
    const queryStart = user.content.lastIndexOf('Query:');
    if (queryStart < 0)
      throw new GenEnvError('benchmark', `${messagesPath}:${index + 1} has no "Query:" in its user message`);
    const firstDescription = Object.keys(referenceInfo)[0] ?? '';
    if (!user.content.includes(`'${firstDescription}'`)) {
      throw new GenEnvError(
        'benchmark',
        `line ${index + 1}: reference information and finetuning messages are not aligned`,
      );
    }
    const gold = parsePythonLiteral(assistant.content);
    if (!gold.ok || !Array.isArray(gold.value))
      throw new GenEnvError('benchmark', `${messagesPath}:${index + 1}: gold plan unreadable`);
    const goldPlan = gold.value.filter(
      (day): day is Record<string, unknown> => day !== null && typeof day === 'object' && Object.keys(day).length > 0,
    );
    return {
      index,
      query: user.content.slice(queryStart + 'Query:'.length).trim(),
      referenceInfo: referenceInfo as Record<string, unknown>,
      systemMessage: system.content,
      userMessage: user.content,
      goldPlan,
    };
  });
}

const FlightRowSchema = z.object({
  'Flight Number': z.string(),
  Price: z.number(),
  DepTime: z.string(),
  ArrTime: z.string(),
  FlightDate: z.string(),
  OriginCityName: z.string(),
  DestCityName: z.string(),
});

/**
 * Every flight listed in the records' reference information ("Flight from A to B on D" rows), deduplicated by number.
 */
export function referenceFlights(records: readonly TravelRecord[]): Flight[] {
  const seen = new Set<string>();
  const flights: Flight[] = [];
  for (const record of records) {
    for (const [description, rows] of Object.entries(record.referenceInfo)) {
      if (!description.startsWith('Flight from ') || !Array.isArray(rows)) continue;
      for (const row of rows) {
        const parsed = FlightRowSchema.safeParse(row);
        if (!parsed.success || seen.has(parsed.data['Flight Number'])) continue;
        seen.add(parsed.data['Flight Number']);
        flights.push({
          flightNumber: parsed.data['Flight Number'],
          price: parsed.data.Price,
          origin: parsed.data.OriginCityName,
          destination: parsed.data.DestCityName,
          date: parsed.data.FlightDate,
          departure: parsed.data.DepTime,
          arrival: parsed.data.ArrTime,
        });
      }
    }
  }
  return flights;
}
