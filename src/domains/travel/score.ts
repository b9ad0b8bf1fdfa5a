/**
 * Scoring by TravelPlanner's own rules (the shared checks): the answer is read as a `submit_plan` call, a JSON or
 * Python list of day objects, or a compact plan; success is the official final pass (all 8 commonsense and all 5
 * hard checks), so any plan that meets them scores, not only the reference.
 */
import type { Completion, Score } from '../../interfaces/task.ts';
import type { CheckResult } from './checks/check-result.ts';
import { COMMONSENSE_CHECKS } from './checks/commonsense.ts';
import { evaluatePlan, finalPass, type QueryVerdict } from './checks/evaluate.ts';
import { HARD_CHECKS } from './checks/hard-constraints.ts';
import { parsePlan } from './checks/plan-parsing.ts';
import type { TravelSandbox } from './checks/sandbox.ts';
import type { TravelPayload } from './variation.ts';

/**
 * How a travel answer is rewarded: `exact` (1 for the final pass, else 0) or `partial` (the share of the 13 checks
 * passed, a check that does not apply counting as passed and the hard checks as failed where they did not run);
 * success, which p̂ and held-out accuracy use, is the final pass under both.
 */
export type TravelReward = 'exact' | 'partial';

const CHECK_COUNT = Object.keys(COMMONSENSE_CHECKS).length + Object.keys(HARD_CHECKS).length;

/** Share in [0, 1] of the 13 checks a verdict passes (see TravelReward). */
export function checkShare(verdict: QueryVerdict): number {
  const results: CheckResult[] = [...Object.values(verdict.commonsense ?? {}), ...Object.values(verdict.hard ?? {})];
  return results.filter((result) => result.pass !== false).length / CHECK_COUNT;
}

/** The failed checks of a verdict with their reasons, for traces. */
export function failedChecks(verdict: QueryVerdict): string[] {
  return Object.entries({ ...verdict.commonsense, ...verdict.hard })
    .filter(([, result]) => result.pass === false)
    .map(([name, result]) => `${name}: ${result.reason}`);
}

/** Scores a completion; an answer with no readable plan is `invalid` with reward 0. */
export function scoreTravel(
  payload: TravelPayload,
  completion: Completion,
  sandbox: TravelSandbox,
  rewardRule: TravelReward = 'exact',
): Score {
  const parsed = parsePlan(completion);
  if (parsed.plan === null) {
    const reason = parsed.compactReason === undefined ? parsed.reason : `${parsed.reason}; ${parsed.compactReason}`;
    return { reward: 0, success: false, invalid: reason };
  }
  const verdict = evaluatePlan(payload.query, parsed.plan, sandbox);
  const success = finalPass(verdict);
  const reward = rewardRule === 'partial' ? checkShare(verdict) : success ? 1 : 0;
  return { reward, success };
}
