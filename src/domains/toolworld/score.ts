/**
 * Scoring: the agent's call sequence must equal the gold sequence exactly (same calls, same order, no
 * extra or missing call, no extra argument). A `$k` argument stands for the result of call k, so
 * `to=$1` and the literal result are the same value. Values are compared in canonical form per
 * parameter kind ("5" = 5, "7:30" = "07:30", case ignored); a value of another type fails.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Completion, Score } from '../../interfaces/task.ts';
import { matchActions, partialActionCredit, type Action } from '../answer-matching.ts';
import { parseCompletionCalls } from '../tool-call-syntax.ts';
import { referenceIndex } from './execute.ts';
import { canonicalArgument, toolByName } from './tools.ts';
import type { ToolWorldPayload } from './variation.ts';

/**
 * A call with `$k` replaced by the gold result of call k (k earlier than this call) and every value in
 * canonical form. Replacing with gold results is exact for sequence matching: when an earlier call
 * differs from gold the sequence fails anyway.
 */
export function canonicalCall(entry: ToolCall, position: number, goldResults: readonly (string | number)[]): Action {
  const tool = toolByName(entry.name);
  const args: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(entry.arguments)) {
    const reference = referenceIndex(raw);
    const value =
      reference !== null && reference >= 1 && reference <= position && reference <= goldResults.length
        ? goldResults[reference - 1]
        : raw;
    args[name] = canonicalArgument(tool?.parameters.find((parameter) => parameter.name === name)?.kind, value);
  }
  return { name: entry.name.trim(), arguments: args };
}

/**
 * How a toolworld completion is rewarded: `exact` (reward 1 when the calls match the gold calls in
 * sequence, else 0; the paper's R_agent for structured actions) or `partial` (reward = partialActionCredit:
 * the F1 of matched call names and argument values, so near misses rank above far ones). Success, which p̂,
 * R_env and every held-out accuracy use, is the exact match under both.
 */
export type ToolWorldReward = 'exact' | 'partial';

/** Scores a completion; unreadable output is `invalid` with reward 0. */
export function scoreToolWorld(
  payload: ToolWorldPayload,
  completion: Completion,
  rewardRule: ToolWorldReward = 'exact',
): Score {
  const parsed = parseCompletionCalls(completion);
  if (!parsed.ok) return { reward: 0, success: false, invalid: parsed.reason };
  const predicted = parsed.value.map((entry, position) => canonicalCall(entry, position, payload.results));
  const gold = payload.resolved.map((entry, position) => canonicalCall(entry, position, payload.results));
  const success = matchActions(predicted, gold, 'sequence') === 1;
  const reward = rewardRule === 'partial' ? partialActionCredit(predicted, gold) : success ? 1 : 0;
  return { reward, success };
}
