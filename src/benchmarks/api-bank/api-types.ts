import type { Random } from '../../util/random.ts';
import { PythonError } from './python-values.ts';

/** Declared parameter types of the official APIs (`input_parameters[...]['type']`). */
export type ParameterType = 'str' | 'int' | 'float' | 'bool' | 'list' | 'list(str)';

/** What an official API returns: `{api_name?, input, output, exception}` (some APIs omit api_name). */
export interface ApiResponse {
  api_name?: string;
  input: unknown;
  output: unknown;
  exception: string | null;
}

/** The ground truth recorded in a dialogue turn (`result` of an API turn). */
export type RecordedResult = ApiResponse;

/** Mutable databases of one session, keyed by the official `database_name` (Account, Agenda, ...). */
// biome-ignore lint/suspicious/noExplicitAny: the ported official APIs read and write databases of any shape.
export type Databases = Record<string, any>;

/** Backends that stand in for services the official code reaches over the network or a model. */
export interface OfflineServices {
  /** Recorded outputs of Dictionary/Translate calls, keyed by `serviceKey(api, input)`. */
  recorded: Map<string, unknown>;
  /** ToolSearcher substitute: keywords → the official-shaped best match. */
  searchTools(keywords: string): unknown;
}

export interface ApiContext {
  databases: Databases;
  /** Session state kept by an API instance between calls (ForgotPassword's verification code). */
  sessionState: Record<string, unknown>;
  services: OfflineServices;
  /** Stands in for Python's `random` (appointment ids, tokens): seeded, so runs repeat. */
  random: Random;
}

/** Scoring mode: `official` reproduces the official verdicts; `fixed` corrects their defects. */
export type ScoringMode = 'official' | 'fixed';

/** One ported API: its declared parameters, its `call`, and its `check_api_call_correctness`. */
export interface ApiDefinition {
  name: string;
  parameters: Record<string, ParameterType>;
  /** Parameters without a default in the Python `call` signature. */
  required: string[];
  call(values: Record<string, unknown>, context: ApiContext): ApiResponse;
  /** May throw PythonKeyError where the official check reads a key that is absent. */
  check(response: ApiResponse, groundTruth: RecordedResult, mode: ScoringMode): boolean;
}

/** The official `call` wrapper idiom: output on success, `str(e)` as exception on failure. */
export function respond(name: string | undefined, input: unknown, compute: () => unknown): ApiResponse {
  const base = name === undefined ? {} : { api_name: name };
  try {
    return { ...base, input, output: compute(), exception: null };
  } catch (error) {
    return { ...base, input, output: null, exception: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A value used with a str method (`.strip()`, `.lower()`, `.split()`): Python raises AttributeError
 * on non-strings, which the API's own try/except turns into the exception text.
 */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  const typeName =
    value === null || value === undefined
      ? 'NoneType'
      : Array.isArray(value)
        ? 'list'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'int'
            : 'float'
          : typeof value === 'boolean'
            ? 'bool'
            : 'dict';
  throw new PythonError(`'${typeName}' object has no attribute 'strip'`);
}

/** Jaccard overlap of space-split word sets > 0.5: the official fuzzy match of contents and topics. */
export function wordOverlapSatisfied(response: string, groundTruth: string): boolean {
  const left = new Set(response.split(' '));
  const right = new Set(groundTruth.split(' '));
  let common = 0;
  for (const word of left) if (right.has(word)) common++;
  const union = new Set([...left, ...right]).size;
  return common / union > 0.5;
}
