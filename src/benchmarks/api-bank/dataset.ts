/**
 * Loads API-Bank level-1/2 test data joined to the dialogues it was cut from, the way the official
 * `evaluator_by_json.py` joins predictions: `test-data/<level>-{api,response}.json` rows carry
 * (`file`, `id`), where `id` indexes the samples `Sample.from_chat_history` builds from the dialogue
 * `lv1-lv2-samples/<folder>/<file>` (for each API turn i: history[:i] → turn i, then history[:i+1] →
 * turn i+1). The API turn holds the recorded result the official checks compare against.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { RecordedResult } from './api-types.ts';
import type { ApiDescription } from './apis/tool-searcher.ts';

export type DialogueTurn =
  | { role: 'User' | 'AI'; text: string }
  | { role: 'API'; api_name: string; param_dict: Record<string, unknown>; result: RecordedResult };
export type ApiTurn = Extract<DialogueTurn, { role: 'API' }>;

export interface ApiBankItem {
  /** `level-1/<file>#<id>`: unique across the benchmark. */
  id: string;
  level: 1 | 2;
  kind: 'api' | 'response';
  file: string;
  sampleId: number;
  instruction: string;
  input: string;
  expectedOutput: string;
  /** The turn the official evaluator scores against: an API turn (kind 'api') or an AI turn. */
  groundTruth: DialogueTurn;
  /** API turns of the dialogue before the scored one, in order (replayed in fixed mode). */
  previousApiCalls: ApiTurn[];
}

interface TestRow {
  file: string;
  id: number;
  instruction: string;
  input: string;
  expected_output: string;
}

export const levelFolders = { 1: 'level-1-given-desc', 2: 'level-2-toolsearcher' } as const;

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new GenEnvError('benchmark', `cannot read API-Bank file ${file}`, { cause: error });
  }
}

function readDialogue(file: string): DialogueTurn[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as DialogueTurn);
  } catch (error) {
    throw new GenEnvError('benchmark', `cannot read API-Bank dialogue ${file}`, { cause: error });
  }
}

/** The official samples of one dialogue: [history, ground truth] pairs. */
export function dialogueSamples(history: DialogueTurn[]): { history: DialogueTurn[]; groundTruth: DialogueTurn }[] {
  const samples: { history: DialogueTurn[]; groundTruth: DialogueTurn }[] = [];
  history.forEach((turn, index) => {
    if (turn.role !== 'API') return;
    samples.push({ history: history.slice(0, index), groundTruth: turn });
    if (index + 1 < history.length)
      samples.push({ history: history.slice(0, index + 1), groundTruth: history[index + 1]! });
  });
  return samples;
}

export interface ApiBankData {
  items: ApiBankItem[];
  /** Every API description printed in the prompts, by name (the ToolSearcher's library). */
  descriptions: ApiDescription[];
  /** All API turns of all dialogues (the recorded Dictionary/Translate answers come from here). */
  recordedTurns: ApiTurn[];
  /** The official initial databases, by database name. */
  initialDatabases: Record<string, unknown>;
}

/** Reads everything under `dataPath` (a folder laid out as `genenv data fetch api-bank` writes it). */
export function loadApiBank(dataPath: string): ApiBankData {
  const testFolder = path.join(dataPath, 'test-data');
  if (!existsSync(testFolder))
    throw new GenEnvError('benchmark', `API-Bank data not found: ${testFolder} does not exist`);
  const items: ApiBankItem[] = [];
  const descriptions = new Map<string, ApiDescription>();
  const recordedTurns: ApiTurn[] = [];
  for (const level of [1, 2] as const) {
    const folder = path.join(dataPath, 'lv1-lv2-samples', levelFolders[level]);
    const dialogues = new Map<string, DialogueTurn[]>();
    for (const kind of ['api', 'response'] as const) {
      const rows = readJson(path.join(testFolder, `level-${level}-${kind}.json`)) as TestRow[];
      for (const row of rows) {
        if (!dialogues.has(row.file)) dialogues.set(row.file, readDialogue(path.join(folder, row.file)));
        const history = dialogues.get(row.file)!;
        const sample = dialogueSamples(history)[row.id];
        if (!sample)
          throw new GenEnvError('benchmark', `API-Bank row ${row.file}#${row.id} has no matching dialogue sample`);
        const expectedRole = kind === 'api' ? 'API' : 'AI';
        if (sample.groundTruth.role !== expectedRole)
          throw new GenEnvError(
            'benchmark',
            `API-Bank row ${row.file}#${row.id} points at a ${sample.groundTruth.role} turn`,
          );
        for (const line of row.instruction.split('API descriptions:')[1]?.split('\n') ?? []) {
          if (!line.trim().startsWith('{')) continue;
          const description = JSON.parse(line) as ApiDescription;
          if (!descriptions.has(description.name)) descriptions.set(description.name, description);
        }
        items.push({
          id: `level-${level}-${kind}/${row.file}#${row.id}`,
          level,
          kind,
          file: row.file,
          sampleId: row.id,
          instruction: row.instruction,
          input: row.input,
          expectedOutput: row.expected_output,
          groundTruth: sample.groundTruth,
          previousApiCalls: sample.history.filter((turn): turn is ApiTurn => turn.role === 'API'),
        });
      }
    }
    for (const history of dialogues.values())
      for (const turn of history) if (turn.role === 'API') recordedTurns.push(turn);
  }
  const databaseFolder = path.join(dataPath, 'init_database');
  const initialDatabases: Record<string, unknown> = {};
  for (const name of [
    'Account',
    'Agenda',
    'Alarm',
    'Appointments',
    'Bank',
    'HealthData',
    'History',
    'Hotel',
    'ImageCaptioning',
    'Meeting',
    'QuestionAnswering',
    'Reminder',
    'Scenes',
    'SearchEngine',
    'SpeechRecognition',
    'Stock',
    'Symptom',
    'TimeSwitch',
    'Wiki',
  ]) {
    initialDatabases[name] = readJson(path.join(databaseFolder, `${name}.json`));
  }
  return { items, descriptions: [...descriptions.values()], recordedTurns, initialDatabases };
}
