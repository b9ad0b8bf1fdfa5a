/**
 * One variation of a spec: a solved trip (route, dates, reference plan, budget) and the entries its prompt shows.
 * Everything a later render or score needs is kept (JSON-serialisable; stored with traces).
 */
import type { CompactDay } from './checks/compact-plan.ts';
import type { TravelQuery } from './checks/query.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import type { Random } from '../../util/random.ts';
import { inDisplayOrder, showCandidates, type Shown } from './candidates.ts';
import { solve } from './solver.ts';
import type { TravelSpec } from './spec.ts';
import type { TravelWorld } from './world.ts';

export interface TravelPayload {
  spec: TravelSpec;
  /** The structured query the checks read (budget set from the reference plan). */
  query: TravelQuery;
  /** The reference plan, each city's meals and sights in the prompt's order; it passes every check. */
  plan: CompactDay[];
  /** The sandbox entries the prompt shows. */
  shown: Shown;
}

/** Builds one verified variation, or the reason the spec has no feasible plan in the world. */
export function buildVariation(
  world: TravelWorld,
  spec: TravelSpec,
  random: Random,
  id: string,
): ParseResult<TravelPayload> {
  const solved = solve(world, spec, random);
  if (!solved.ok) return solved;
  const shown = showCandidates(world, spec, solved.value, random);
  return {
    ok: true,
    value: { spec, query: { ...solved.value.query, id }, plan: inDisplayOrder(solved.value.plan, shown), shown },
  };
}
