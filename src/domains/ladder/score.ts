/**
 * Scoring: the agent's calls must equal the gold calls (the same tools in the same order, the same arguments, no
 * call more or less). `$` stands for the previous call's result and `$k` for call k's, so passing the result itself
 * is the same call; numbers compare as numbers and words ignore case.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Completion, Score } from '../../interfaces/task.ts';
import { type Action, matchActions, normalizeValue, partialActionCredit } from '../answer-matching.ts';
import { parseCompletionCalls } from '../tool-call-syntax.ts';
import type { LadderPayload } from './variation.ts';

/** Exact (1 or 0, the paper's R_agent for structured actions) or partial (F1 of matched tools and arguments). */
export type LadderReward = 'exact' | 'partial';

/** The gold result a reference at call `position` (0-based) points to, or null when it is not a reference. */
function referenced(value: unknown, position: number, results: readonly string[]): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const index = text === '$' ? position : /^\$\d+$/.test(text) ? Number(text.slice(1)) : 0;
  return index >= 1 && index <= position ? (results[index - 1] ?? null) : null;
}

/** A call with references resolved to gold results and values in canonical form. */
export function canonicalLadderCall(call: ToolCall, position: number, results: readonly string[]): Action {
  const args: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(call.arguments)) {
    const value = normalizeValue(referenced(raw, position, results) ?? raw);
    args[name.trim()] = typeof value === 'string' ? value.toLowerCase() : value;
  }
  return { name: call.name.trim(), arguments: args };
}

/** Scores a completion against the gold calls and their results; unreadable output is `invalid` with reward 0. */
export function scoreLadder(
  payload: Pick<LadderPayload, 'calls' | 'results'>,
  completion: Completion,
  rule: LadderReward = 'exact',
): Score {
  const parsed = parseCompletionCalls(completion);
  if (!parsed.ok) return { reward: 0, success: false, invalid: parsed.reason };
  const predicted = parsed.value.map((call, position) => canonicalLadderCall(call, position, payload.results));
  const gold = payload.calls.map((call, position) => canonicalLadderCall(call, position, payload.results));
  const success = matchActions(predicted, gold, 'sequence') === 1;
  const reward = rule === 'partial' ? partialActionCredit(predicted, gold) : success ? 1 : 0;
  return { reward, success };
}
