import type { CheckResult } from '../../domains/travel/checks/check-result.ts';
import { COMMONSENSE_CHECKS, type CommonsenseCheck } from '../../domains/travel/checks/commonsense.ts';
import type { QueryVerdict } from '../../domains/travel/checks/evaluate.ts';
import { HARD_CHECKS, type HardCheck } from '../../domains/travel/checks/hard-constraints.ts';
import type { TravelQuery } from '../../domains/travel/checks/query.ts';

export type { QueryVerdict };

/** The six official rates, each in [0, 1], and the counts behind the micro rates. */
export interface TravelMetrics {
  deliveryRate: number;
  commonsenseMicro: number;
  commonsenseMacro: number;
  hardMicro: number;
  hardMacro: number;
  finalPassRate: number;
  commonsensePassed: number;
  commonsenseTotal: number;
  hardPassed: number;
  hardTotal: number;
}

/**
 * Hard constraints a query counts in the micro denominator (official eval.py): the budget always; on the
 * hard level every set local constraint; on the medium level a set house rule, cuisine or room type (not
 * transportation); none on the easy level. 105 for the 45 training queries.
 */
export function hardConstraintSlots(query: TravelQuery): number {
  const constraint = query.localConstraint;
  if (query.level === 'easy') return 1;
  const counted = [
    constraint.houseRule,
    constraint.cuisine,
    constraint.roomType,
    ...(query.level === 'hard' ? [constraint.transportation] : []),
  ];
  return 1 + counted.filter((value) => value !== null).length;
}

function passes(results: Record<string, CheckResult>): boolean {
  return Object.values(results).every((result) => result.pass !== false);
}

function passedCount(results: Record<string, CheckResult> | null): number {
  return results === null ? 0 : Object.values(results).filter((result) => result.pass === true).length;
}

/**
 * The official metrics over a set of queries (eval.py), with denominators computed for the queries given
 * (official: hard-coded per split — 45 / 360 / 105 on train, which these equal on the full split):
 * delivery = plans given / queries; CS micro = passed commonsense checks / (8 × queries);
 * CS macro = plans passing every commonsense check (and reaching the hard checks) / queries;
 * HC micro = passed hard checks / hard slots; HC macro = plans whose hard checks ran and none failed /
 * queries; final = plans passing both / queries. An empty set scores 0 everywhere.
 */
export function travelMetrics(verdicts: readonly QueryVerdict[]): TravelMetrics {
  const queries = verdicts.length;
  const commonsenseTotal = Object.keys(COMMONSENSE_CHECKS).length * queries;
  const hardTotal = verdicts.reduce((sum, verdict) => sum + hardConstraintSlots(verdict.query), 0);
  let delivered = 0,
    commonsensePassed = 0,
    hardPassed = 0,
    commonsenseMacro = 0,
    hardMacro = 0,
    final = 0;
  for (const verdict of verdicts) {
    if (verdict.commonsense === null) continue;
    delivered++;
    commonsensePassed += passedCount(verdict.commonsense);
    hardPassed += passedCount(verdict.hard);
    // Official: macro counts only plans whose hard checks ran.
    if (verdict.hard === null) continue;
    const commonsenseOk = passes(verdict.commonsense);
    const hardOk = passes(verdict.hard);
    if (commonsenseOk) commonsenseMacro++;
    if (hardOk) hardMacro++;
    if (commonsenseOk && hardOk) final++;
  }
  const rate = (count: number, total: number): number => (total === 0 ? 0 : count / total);
  return {
    deliveryRate: rate(delivered, queries),
    commonsenseMicro: rate(commonsensePassed, commonsenseTotal),
    commonsenseMacro: rate(commonsenseMacro, queries),
    hardMicro: rate(hardPassed, hardTotal),
    hardMacro: rate(hardMacro, queries),
    finalPassRate: rate(final, queries),
    commonsensePassed,
    commonsenseTotal,
    hardPassed,
    hardTotal,
  };
}

/** Paper names of all thirteen checks, for reports. */
export const CHECK_NAMES: Readonly<Record<CommonsenseCheck | HardCheck, string>> = {
  ...COMMONSENSE_CHECKS,
  ...HARD_CHECKS,
};
