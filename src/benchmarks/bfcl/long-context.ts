/**
 * The long-context constants (`long_context.py`'s literals, stored as long_context_constants.json):
 * extra state the environment classes add or return when `long_context=True`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../../interfaces/errors.ts';
import { parseJsonKeepingFloats } from './python-float.ts';
import { PythonOpaque } from './python-values.ts';

export interface LongContextConstants {
  WATCH_LIST_EXTENSION: unknown[];
  TRANSACTION_HISTORY_EXTENSION: Record<string, unknown>[];
  MA_5_EXTENSION: number[];
  MA_20_EXTENSION: number[];
  TECHNOLOGY_EXTENSION: string[];
  AUTOMOBILE_EXTENSION: string[];
  ORDER_DETAIL_EXTENSION: Record<string, string>;
  FILE_CONTENT_EXTENSION: string;
  POPULATE_FILE_EXTENSION: string[];
  CAR_STATUS_METADATA_EXTENSION: string;
  LONG_WEATHER_EXTENSION: Record<string, unknown>;
  PARKING_BRAKE_INSTRUCTION: string;
  INTERMEDIARY_CITIES: string[];
  CREDIT_CARD_EXTENSION: Record<string, Record<string, unknown>>;
  BOOKING_RECORD_EXTENSION: Record<string, Record<string, unknown>>;
  FILES_TAIL_USED: string[];
}

const REQUIRED_KEYS: (keyof LongContextConstants)[] = [
  'WATCH_LIST_EXTENSION',
  'TRANSACTION_HISTORY_EXTENSION',
  'MA_5_EXTENSION',
  'MA_20_EXTENSION',
  'TECHNOLOGY_EXTENSION',
  'AUTOMOBILE_EXTENSION',
  'ORDER_DETAIL_EXTENSION',
  'FILE_CONTENT_EXTENSION',
  'POPULATE_FILE_EXTENSION',
  'CAR_STATUS_METADATA_EXTENSION',
  'LONG_WEATHER_EXTENSION',
  'PARKING_BRAKE_INSTRUCTION',
  'INTERMEDIARY_CITIES',
  'CREDIT_CARD_EXTENSION',
  'BOOKING_RECORD_EXTENSION',
  'FILES_TAIL_USED',
];

/** Reads `long_context_constants.json` from the BFCL data folder. */
export function loadLongContextConstants(dataPath: string): LongContextConstants {
  const file = join(dataPath, 'long_context_constants.json');
  let parsed: Record<string, unknown>;
  try {
    parsed = parseJsonKeepingFloats(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new GenEnvError('benchmark', `cannot read BFCL long-context constants at ${file}`, { cause: error });
  }
  for (const key of REQUIRED_KEYS) {
    if (!(key in parsed)) throw new GenEnvError('benchmark', `BFCL long-context constants lack ${key} (${file})`);
  }
  const constants = parsed as unknown as LongContextConstants;
  // Upstream the watch-list extension ends with Python's `...`; the JSON copy stores it as null.
  const watchList = constants.WATCH_LIST_EXTENSION;
  if (watchList.length > 0 && watchList[watchList.length - 1] === null) {
    constants.WATCH_LIST_EXTENSION = [...watchList.slice(0, -1), new PythonOpaque('Ellipsis')];
  }
  return constants;
}
