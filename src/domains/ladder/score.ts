/**
 * Scoring: the agent's calls must be exactly the gold call (the requested action on the meant person, nothing
 * more); names ignore case and surrounding spaces.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Completion, Score } from '../../interfaces/task.ts';
import { type Action, matchActions, normalizeValue, partialActionCredit } from '../answer-matching.ts';
import { parseCompletionCalls } from '../tool-call-syntax.ts';
import type { LadderPayload } from './variation.ts';

/** Exact (1 or 0, the paper's R_agent for structured actions) or partial (F1 of matched tools and arguments). */
export type LadderReward = 'exact' | 'partial';

function canonical(call: ToolCall): Action {
  const args: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(call.arguments)) {
    const value = normalizeValue(raw);
    args[name.trim()] = typeof value === 'string' ? value.toLowerCase() : value;
  }
  return { name: call.name.trim(), arguments: args };
}

/** Scores a completion; unreadable output is `invalid` with reward 0. */
export function scoreLadder(payload: LadderPayload, completion: Completion, rule: LadderReward = 'exact'): Score {
  const parsed = parseCompletionCalls(completion);
  if (!parsed.ok) return { reward: 0, success: false, invalid: parsed.reason };
  const predicted = parsed.value.map(canonical);
  const gold = [canonical(payload.call)];
  const success = matchActions(predicted, gold, 'sequence') === 1;
  const reward = rule === 'partial' ? partialActionCredit(predicted, gold) : success ? 1 : 0;
  return { reward, success };
}
