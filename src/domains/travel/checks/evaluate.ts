import { evaluateCommonsense } from './commonsense.ts';
import type { TravelSandbox } from './sandbox.ts';
import { evaluateHardConstraints } from './hard-constraints.ts';
import type { CheckResult } from './check-result.ts';
import type { CommonsenseCheck } from './commonsense.ts';
import type { HardCheck } from './hard-constraints.ts';
import type { Plan } from './plan.ts';
import type { TravelQuery } from './query.ts';

/** The verdicts on one query: null commonsense = no plan delivered; null hard = not run (see `evaluatePlan`). */
export interface QueryVerdict {
  query: TravelQuery;
  commonsense: Record<CommonsenseCheck, CheckResult> | null;
  hard: Record<HardCheck, CheckResult> | null;
}

/**
 * Verdicts on one query's plan, as eval.py forms them: no plan (null or empty) → not delivered; else the
 * commonsense checks; the hard checks only when "Complete Information" and "Within Sandbox" pass.
 */
export function evaluatePlan(query: TravelQuery, plan: Plan | null, database: TravelSandbox): QueryVerdict {
  if (plan === null || plan.length === 0) return { query, commonsense: null, hard: null };
  const commonsense = evaluateCommonsense(query, plan, database);
  const runHard = commonsense.is_not_absent.pass === true && commonsense.is_valid_information_in_sandbox.pass === true;
  return { query, commonsense, hard: runHard ? evaluateHardConstraints(query, plan, database) : null };
}

/** Whether a verdict passes every commonsense and every hard check (the final-pass criterion). */
export function finalPass(verdict: QueryVerdict): boolean {
  if (verdict.commonsense === null || verdict.hard === null) return false;
  return [...Object.values(verdict.commonsense), ...Object.values(verdict.hard)].every(
    (result) => result.pass !== false,
  );
}
