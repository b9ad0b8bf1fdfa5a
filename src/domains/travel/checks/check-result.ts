import { PlanShapeError } from './plan.ts';

/** A check's verdict: true/false, or null when the constraint does not apply; with the failure reason. */
export interface CheckResult {
  pass: boolean | null;
  reason: string | null;
}

export const PASS: CheckResult = { pass: true, reason: null };
export const NOT_APPLICABLE: CheckResult = { pass: null, reason: null };
export function failure(reason: string): CheckResult {
  return { pass: false, reason };
}

/**
 * Runs a check; a plan the official code could not read (PlanShapeError — its KeyError/TypeError/IndexError)
 * fails the check with that reason instead of aborting the whole evaluation as the official script does.
 */
export function guarded(check: () => CheckResult): CheckResult {
  try {
    return check();
  } catch (error) {
    if (error instanceof PlanShapeError) return failure(`malformed plan: ${error.message}`);
    throw error;
  }
}
