/**
 * Verdicts on one API turn, in the two modes.
 *
 * official — `evaluator_by_json.py`: extract the call, compare names, convert arguments
 * (`ToolManager.api_call`), run the API on freshly loaded initial databases, then the API's
 * `check_api_call_correctness` against the result recorded in the dialogue; a KeyError in the check,
 * an assertion or a TypeError all count as wrong.
 *
 * fixed — the same rules with the official defects corrected (DEPARTURES.md): list literals parsed,
 * renamed parameters mapped, the dialogue's earlier API calls replayed so state carries over (password
 * resets, registrations), and the answer's result compared with the result of the gold call executed on
 * that same state rather than with the recorded output (which sometimes differs from the databases).
 */
import type { Completion } from '../../interfaces/task.ts';
import type { ApiContext, ApiResponse, ScoringMode } from './api-types.ts';
import { apiRegistry } from './apis/registry.ts';
import { convertArguments } from './argument-conversion.ts';
import { extractFixedCalls, extractOfficialCall, renderNativeCalls, type ExtractedCall } from './call-extraction.ts';
import type { ApiTurn } from './dataset.ts';
import { copyContext, freshContext, type ApiEnvironment } from './environment.ts';
import { PythonKeyError } from './python-values.ts';

export interface CallVerdict {
  correct: boolean;
  /** 'correct' or why not (NO_API_CALL, API_NAME_MISMATCH, invalid parameter ..., KEY_ERROR, OUTPUT_MISMATCH, ...). */
  reason: string;
  call?: ExtractedCall;
  response?: ApiResponse;
}

/** The call the official evaluator reads: native text first, else the tool calls rendered as text. */
function officialCall(completion: Pick<Completion, 'text' | 'toolCalls'>): ExtractedCall | undefined {
  return (
    extractOfficialCall(completion.text) ??
    (completion.toolCalls?.length ? extractOfficialCall(renderNativeCalls(completion.toolCalls)) : undefined)
  );
}

/** The calls of an answer under the fixed rules: native calls in the text, else the tool calls. */
export function fixedCalls(completion: Pick<Completion, 'text' | 'toolCalls'>): ExtractedCall[] {
  const native = extractFixedCalls(completion.text);
  if (native.length > 0) return native;
  return (completion.toolCalls ?? []).map((call) => ({ name: call.name, arguments: call.arguments }));
}

function runCheck(check: () => boolean): CallVerdict {
  try {
    return check() ? { correct: true, reason: 'correct' } : { correct: false, reason: 'OUTPUT_MISMATCH' };
  } catch (error) {
    if (error instanceof PythonKeyError) return { correct: false, reason: `KEY_ERROR: ${error.message}` };
    return { correct: false, reason: `CHECK_ERROR: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The official verdict on one answer to an API turn. `seed` feeds the APIs' random ids. */
export function officialVerdict(
  completion: Pick<Completion, 'text' | 'toolCalls'>,
  groundTruth: ApiTurn,
  environment: ApiEnvironment,
  seed: number,
): CallVerdict {
  const call = officialCall(completion);
  if (!call) return { correct: false, reason: 'NO_API_CALL' };
  if (call.name !== groundTruth.api_name)
    return { correct: false, reason: `API_NAME_MISMATCH: ${call.name} vs ${groundTruth.api_name}`, call };
  const api = apiRegistry.get(call.name);
  if (!api) return { correct: false, reason: `API ${call.name} is not ported`, call };
  const converted = convertArguments(api, call.arguments, 'official');
  if (!converted.ok) return { correct: false, reason: converted.reason, call };
  const response = api.call(converted.arguments, freshContext(environment, seed));
  return { ...runCheck(() => api.check(response, structuredClone(groundTruth.result), 'official')), call, response };
}

/** Replays the dialogue's earlier API calls (gold arguments, fixed conversion) on a fresh session. */
function replay(previous: readonly ApiTurn[], environment: ApiEnvironment, seed: number): ApiContext {
  const context = freshContext(environment, seed);
  for (const turn of previous) {
    const api = apiRegistry.get(turn.api_name);
    if (!api) continue;
    const converted = convertArguments(api, turn.param_dict, 'fixed');
    if (converted.ok) api.call(converted.arguments, context);
  }
  return context;
}

/** The fixed-mode verdict on one answer; `previous` are the dialogue's earlier API turns. */
export function fixedVerdict(
  completion: Pick<Completion, 'text' | 'toolCalls'>,
  groundTruth: ApiTurn,
  previous: readonly ApiTurn[],
  environment: ApiEnvironment,
  seed: number,
): CallVerdict {
  const calls = fixedCalls(completion);
  if (calls.length === 0) return { correct: false, reason: 'NO_API_CALL' };
  if (calls.length > 1)
    return { correct: false, reason: `EXTRA_CALLS: ${calls.length} calls where one is expected`, call: calls[0] };
  const call = calls[0]!;
  if (call.name !== groundTruth.api_name)
    return { correct: false, reason: `API_NAME_MISMATCH: ${call.name} vs ${groundTruth.api_name}`, call };
  const api = apiRegistry.get(call.name);
  if (!api) return { correct: false, reason: `API ${call.name} is not ported`, call };
  const converted = convertArguments(api, call.arguments, 'fixed');
  if (!converted.ok) return { correct: false, reason: converted.reason, call };
  const session = replay(previous, environment, seed);
  const response = api.call(converted.arguments, copyContext(environment, session, seed + 1));
  const gold = convertArguments(api, groundTruth.param_dict, 'fixed');
  const expected = gold.ok
    ? api.call(gold.arguments, copyContext(environment, session, seed + 1))
    : structuredClone(groundTruth.result);
  return { ...runCheck(() => api.check(response, expected, 'fixed')), call, response };
}

/** Both verdicts, as the benchmark reports them. */
export function verdicts(
  completion: Pick<Completion, 'text' | 'toolCalls'>,
  groundTruth: ApiTurn,
  previous: readonly ApiTurn[],
  environment: ApiEnvironment,
  seed: number,
): Record<ScoringMode, CallVerdict> {
  return {
    official: officialVerdict(completion, groundTruth, environment, seed),
    fixed: fixedVerdict(completion, groundTruth, previous, environment, seed),
  };
}
