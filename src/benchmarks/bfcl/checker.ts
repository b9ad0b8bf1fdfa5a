/**
 * The official multi-turn checks (multi_turn_checker.py): state-based (every public attribute of
 * every involved instance equals the ground truth's after the turn) and response-based (the model's
 * execution results so far contain every ground-truth result of the turn, as a multiset, any order).
 */
import { EnvironmentSet } from './executor.ts';
import type { LongContextConstants } from './long-context.ts';
import type { PythonCall } from './python-call-parser.ts';
import { pythonEquals } from './python-values.ts';

/** What a check needs to know about a test entry. */
export interface CheckEntry {
  id: string;
  initialConfig: Record<string, unknown>;
  involvedClasses: string[];
  /** True for the long-context category (the official checker tests "long_context" in the entry id). */
  longContext: boolean;
  /** Gold calls per turn, parsed. */
  goldCalls: PythonCall[][];
}

export type CheckVerdict =
  | { valid: true }
  | { valid: false; errorType: string; message: string; details?: Record<string, unknown> };

/**
 * Gold execution results per turn, computed once per entry (execution is deterministic, so replays give the same
 * strings).
 */
const GOLD_RESULTS = new WeakMap<CheckEntry, string[][]>();

/** The result strings of every gold turn, executed in order from the initial state. */
export function goldResults(entry: CheckEntry, constants: LongContextConstants): string[][] {
  let results = GOLD_RESULTS.get(entry);
  if (!results) {
    const environment = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, constants);
    results = entry.goldCalls.map((calls) => environment.execute(calls));
    GOLD_RESULTS.set(entry, results);
  }
  return results;
}

/** State check: per class, the public attributes whose values differ (empty when the states match). */
export function stateDifferences(
  model: EnvironmentSet,
  gold: EnvironmentSet,
): { className: string; attribute: string }[] {
  const differences: { className: string; attribute: string }[] = [];
  const modelStates = model.publicStates();
  for (const [className, goldState] of gold.publicStates()) {
    const modelState = modelStates.get(className) ?? {};
    for (const [attribute, value] of Object.entries(goldState)) {
      if (!pythonEquals(modelState[attribute], value)) differences.push({ className, attribute });
    }
  }
  return differences;
}

/** Response check: gold results missing from the model's results (each model result used once). */
export function missingResults(modelResults: readonly string[], goldResults: readonly string[]): string[] {
  const pool = [...modelResults];
  const missing: string[] = [];
  for (const item of goldResults) {
    const position = pool.indexOf(item);
    if (position < 0) missing.push(item);
    else pool.splice(position, 1);
  }
  return missing;
}

/** A decoded step list is empty when it has no steps, or one step without calls (is_empty_execute_response). */
export function isEmptyResponse(steps: readonly (readonly PythonCall[])[]): boolean {
  return steps.length === 0 || (steps.length === 1 && steps[0]!.length === 0);
}

/**
 * The official whole-entry verdict (`multi_turn_checker`): `decodedTurns[turn][step]` holds the
 * model's decoded calls, already stripped of empty steps as the eval runner does. Turns whose gold
 * list is empty are executed but not checked (the official runner does not call its irrelevance check).
 */
export function checkEntry(
  entry: CheckEntry,
  decodedTurns: readonly (readonly PythonCall[][])[],
  constants: LongContextConstants,
): CheckVerdict {
  if (decodedTurns.length !== entry.goldCalls.length) {
    return {
      valid: false,
      errorType: 'multi_turn:force_terminated',
      message:
        `Model was force-terminated during inference phase: ${decodedTurns.length} turns for ` +
        `${entry.goldCalls.length} gold turns.`,
    };
  }
  const model = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, constants);
  const gold = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, constants);
  const cached = goldResults(entry, constants);
  const allModelResults: string[] = [];
  for (let turn = 0; turn < entry.goldCalls.length; turn++) {
    const steps = decodedTurns[turn]!;
    for (const step of steps) allModelResults.push(...model.execute(step));
    const goldCalls = entry.goldCalls[turn]!;
    gold.apply(goldCalls);
    if (goldCalls.length === 0) continue;
    if (isEmptyResponse(steps)) {
      return {
        valid: false,
        errorType: 'multi_turn:empty_turn_model_response',
        message: `Model response list is empty for turn ${turn}`,
      };
    }
    const differences = stateDifferences(model, gold);
    if (differences.length > 0) {
      return {
        valid: false,
        errorType: 'multi_turn:instance_state_mismatch',
        message:
          `Model instance for ${differences[0]!.className} does not match the state with ground truth ` +
          `instance (turn ${turn}).`,
        details: { turn, differences },
      };
    }
    const missing = missingResults(allModelResults, cached[turn]!);
    if (missing.length > 0) {
      return {
        valid: false,
        errorType: 'multi_turn:execution_response_mismatch',
        message:
          `Model response execution results so far does not contain all the ground truth response ` +
          `execution results for turn ${turn}.`,
        details: { turn, missing: missing.map((item) => item.slice(0, 300)) },
      };
    }
  }
  return { valid: true };
}

/**
 * Per-turn verdict with the gold history as prefix: both environments replay the gold calls of the
 * earlier turns, then the model's calls and the gold calls of this turn run; the same state and
 * response checks apply (the prefix's gold results count as the model's earlier results). An empty
 * gold turn is an irrelevance check: correct exactly when the model makes no call.
 */
export function checkTurn(
  entry: CheckEntry,
  turn: number,
  modelCalls: readonly PythonCall[],
  constants: LongContextConstants,
): CheckVerdict {
  const goldCalls = entry.goldCalls[turn]!;
  if (goldCalls.length === 0) {
    return modelCalls.length === 0
      ? { valid: true }
      : {
          valid: false,
          errorType: 'multi_turn:irrelevance_error:decoder_success',
          message: `Model outputs function calls when it should not for turn ${turn}.`,
        };
  }
  if (modelCalls.length === 0) {
    return {
      valid: false,
      errorType: 'multi_turn:empty_turn_model_response',
      message: `Model response list is empty for turn ${turn}`,
    };
  }
  const model = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, constants);
  const gold = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, constants);
  // The prefix runs for its state only: its result strings are the cached gold ones.
  const cached = goldResults(entry, constants);
  for (let previous = 0; previous < turn; previous++) {
    model.apply(entry.goldCalls[previous]!);
    gold.apply(entry.goldCalls[previous]!);
  }
  const modelResults = [...cached.slice(0, turn).flat(), ...model.execute(modelCalls)];
  gold.apply(goldCalls);
  const turnGoldResults = cached[turn]!;
  const differences = stateDifferences(model, gold);
  if (differences.length > 0) {
    return {
      valid: false,
      errorType: 'multi_turn:instance_state_mismatch',
      message: `Model instance for ${differences[0]!.className} does not match the state with ground truth instance.`,
      details: { differences },
    };
  }
  const missing = missingResults(modelResults, turnGoldResults);
  if (missing.length > 0) {
    return {
      valid: false,
      errorType: 'multi_turn:execution_response_mismatch',
      message: `Model execution results do not contain all the ground truth execution results for turn ${turn}.`,
      details: { missing: missing.map((item) => item.slice(0, 300)) },
    };
  }
  return { valid: true };
}
