/**
 * Loads BFCL v4 multi-turn long-context data from a folder laid out like the upstream `data/`
 * directory: the question file (JSONL), `possible_answer/` (gold call strings per turn),
 * `multi_turn_func_doc/` (function docs per class) and `long_context_constants.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import type { ChatMessage, ToolSchema } from '../../interfaces/chat.ts';
import { loadLongContextConstants, type LongContextConstants } from './long-context.ts';
import { parseGoldCall, type PythonCall } from './python-call-parser.ts';
import { parseJsonKeepingFloats } from './python-float.ts';

export const QUESTION_FILE = 'BFCL_v4_multi_turn_long_context.json';

/** Upstream mapping of class name → function-doc file. */
export const FUNCTION_DOC_FILES: Record<string, string> = {
  GorillaFileSystem: 'gorilla_file_system.json',
  MathAPI: 'math_api.json',
  MessageAPI: 'message_api.json',
  TwitterAPI: 'posting_api.json',
  TicketAPI: 'ticket_api.json',
  TradingBot: 'trading_bot.json',
  TravelAPI: 'travel_booking.json',
  VehicleControlAPI: 'vehicle_control.json',
};

const EntrySchema = z.object({
  id: z.string(),
  question: z.array(z.array(z.object({ role: z.string(), content: z.string() }))),
  initial_config: z.record(z.string(), z.unknown()),
  involved_classes: z.array(z.string()),
  excluded_function: z.array(z.string()).optional(),
  path: z.array(z.string()).optional(),
});

const AnswerSchema = z.object({ id: z.string(), ground_truth: z.array(z.array(z.string())) });

const FunctionDocSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.object({
    type: z.string(),
    properties: z.record(z.string(), z.unknown()),
    required: z.array(z.string()).optional(),
  }),
  response: z.unknown().optional(),
});
export type FunctionDoc = z.infer<typeof FunctionDocSchema>;

/** One test entry with its parsed gold calls. */
export interface BfclEntry {
  id: string;
  /** User messages per turn (one or more per turn). */
  turns: ChatMessage[][];
  initialConfig: Record<string, unknown>;
  involvedClasses: string[];
  excludedFunctions: string[];
  /** Gold call strings per turn, as in the data. */
  goldStrings: string[][];
  goldCalls: PythonCall[][];
  longContext: boolean;
}

export interface BfclData {
  entries: BfclEntry[];
  /** Function docs per class name. */
  functionDocs: Map<string, FunctionDoc[]>;
  constants: LongContextConstants;
}

function readJsonLines(file: string): unknown[] {
  if (!existsSync(file)) throw new GenEnvError('benchmark', `BFCL data file not found: ${file}`);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);
  return lines.map((line, position) => {
    try {
      return parseJsonKeepingFloats(line);
    } catch (error) {
      throw new GenEnvError('benchmark', `BFCL file ${file} line ${position + 1} is not JSON`, { cause: error });
    }
  });
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new GenEnvError('benchmark', `BFCL ${where} is malformed: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Reads the whole data folder. Throws GenEnvError('benchmark') on missing or malformed files. */
export function loadBfclData(dataPath: string): BfclData {
  const questions = readJsonLines(join(dataPath, QUESTION_FILE)).map((value, position) =>
    parseWith(EntrySchema, value, `entry ${position + 1}`),
  );
  const answers = new Map(
    readJsonLines(join(dataPath, 'possible_answer', QUESTION_FILE))
      .map((value, position) => parseWith(AnswerSchema, value, `answer ${position + 1}`))
      .map((answer) => [answer.id, answer.ground_truth]),
  );
  const entries = questions.map((question): BfclEntry => {
    const goldStrings = answers.get(question.id);
    if (!goldStrings) throw new GenEnvError('benchmark', `BFCL entry ${question.id} has no possible answer`);
    if (goldStrings.length !== question.question.length) {
      throw new GenEnvError(
        'benchmark',
        `BFCL entry ${question.id}: ${question.question.length} turns but ${goldStrings.length} gold turns`,
      );
    }
    return {
      id: question.id,
      turns: question.question.map((messages) =>
        messages.map(
          (message): ChatMessage => ({ role: message.role === 'user' ? 'user' : 'system', content: message.content }),
        ),
      ),
      initialConfig: question.initial_config,
      involvedClasses: question.involved_classes,
      excludedFunctions: question.excluded_function ?? [],
      goldStrings,
      goldCalls: goldStrings.map((turn) => turn.map(parseGoldCall)),
      longContext: question.id.includes('long_context'),
    };
  });
  const functionDocs = new Map<string, FunctionDoc[]>();
  const classes = new Set(entries.flatMap((entry) => entry.involvedClasses));
  for (const className of classes) {
    const fileName = FUNCTION_DOC_FILES[className];
    if (!fileName) throw new GenEnvError('benchmark', `BFCL class ${className} has no function-doc file`);
    functionDocs.set(
      className,
      readJsonLines(join(dataPath, 'multi_turn_func_doc', fileName)).map((value, position) =>
        parseWith(FunctionDocSchema, value, `${fileName} line ${position + 1}`),
      ),
    );
  }
  return { entries, functionDocs, constants: loadLongContextConstants(dataPath) };
}

/** Upstream doc types → JSON Schema types (the official FC conversion does the same renames). */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') {
      const renamed: Record<string, string> = { dict: 'object', float: 'number', tuple: 'array', any: 'string' };
      out[key] = renamed[value] ?? value;
    } else if (key === 'properties' && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJsonSchema(property)]));
    } else out[key] = toJsonSchema(value);
  }
  return out;
}

/** The function docs an entry offers, in class order, minus its excluded functions. */
export function entryFunctionDocs(data: BfclData, entry: BfclEntry): FunctionDoc[] {
  return entry.involvedClasses
    .flatMap((className) => data.functionDocs.get(className) ?? [])
    .filter((doc) => !entry.excludedFunctions.includes(doc.name));
}

/** OpenAI function-tool schemas for a list of docs. */
export function toolSchemas(docs: readonly FunctionDoc[]): ToolSchema[] {
  return docs.map((doc) => ({
    type: 'function',
    function: {
      name: doc.name,
      description: doc.description,
      parameters: toJsonSchema(doc.parameters) as Record<string, unknown>,
    },
  }));
}
