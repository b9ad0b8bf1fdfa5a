import type {
  Benchmark,
  BenchmarkItemResult,
  BenchmarkReport,
  BenchmarkRunOptions,
} from '../../interfaces/benchmark.ts';
import { requireOfficialMode } from '../official-mode.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { deriveSeed } from '../../util/random.ts';
import type { TravelDatabase } from '../../domains/travel/checks/database.ts';
import { evaluatePlan, finalPass, type QueryVerdict } from '../../domains/travel/checks/evaluate.ts';
import { parsePlan } from '../../domains/travel/checks/plan-parsing.ts';
import type { TravelQuery } from '../../domains/travel/checks/query.ts';
import { loadTravelDatabase } from './database.ts';
import { travelMetrics } from './metrics.ts';
import { buildTravelPrompt } from './prompts.ts';
import { deriveQuery } from './query-fields.ts';
import { loadTravelRecords, referenceFlights, type TravelRecord } from './reference-data.ts';
import { TRAVELPLANNER_NOTES } from './notes.ts';

export {
  evaluateCommonsense,
  COMMONSENSE_CHECKS,
  type CommonsenseCheck,
} from '../../domains/travel/checks/commonsense.ts';
export {
  evaluateHardConstraints,
  totalCost,
  HARD_CHECKS,
  type HardCheck,
} from '../../domains/travel/checks/hard-constraints.ts';
export { evaluatePlan, finalPass, type QueryVerdict } from '../../domains/travel/checks/evaluate.ts';
export { travelMetrics, hardConstraintSlots, CHECK_NAMES, type TravelMetrics } from './metrics.ts';
export {
  parsePlan,
  planFromText,
  SUBMIT_PLAN_TOOL,
  type PlanParse,
} from '../../domains/travel/checks/plan-parsing.ts';
export { toPlan, type Plan, type PlanDay } from '../../domains/travel/checks/plan.ts';
export { submitPlanToolSchema } from '../../domains/travel/checks/plan-format.ts';
export { buildTravelPrompt } from './prompts.ts';
export { parseLocalConstraint, parsePeopleNumber, parseBudget, deriveQuery } from './query-fields.ts';
export type { TravelQuery, LocalConstraint } from '../../domains/travel/checks/query.ts';
export { loadTravelRecords, referenceFlights, type TravelRecord } from './reference-data.ts';
export { loadTravelDatabase } from './database.ts';
export { TravelDatabase } from '../../domains/travel/checks/database.ts';
export { TRAVELPLANNER_NOTES } from './notes.ts';

/** The loaded benchmark: records, their derived structured fields, and the sandbox. */
export interface TravelPlannerData {
  records: TravelRecord[];
  queries: TravelQuery[];
  database: TravelDatabase;
}

/** Loads the 45 training queries, derives their fields and loads the sandbox (about 1 s). */
export function loadTravelPlanner(dataPath: string): TravelPlannerData {
  const records = loadTravelRecords(dataPath);
  const database = loadTravelDatabase(dataPath, referenceFlights(records));
  return { records, queries: records.map((record) => deriveQuery(record, database.cityStates)), database };
}

function itemResult(verdict: QueryVerdict, details: Record<string, unknown>): BenchmarkItemResult {
  const checks = { ...(verdict.commonsense ?? {}), ...(verdict.hard ?? {}) };
  return {
    id: verdict.query.id,
    correct: finalPass(verdict),
    score: finalPass(verdict) ? 1 : 0,
    details: {
      ...details,
      delivered: verdict.commonsense !== null,
      hardChecked: verdict.hard !== null,
      failed: Object.fromEntries(
        Object.entries(checks)
          .filter(([, result]) => result.pass === false)
          .map(([name, result]) => [name, result.reason]),
      ),
      passed: Object.entries(checks)
        .filter(([, result]) => result.pass === true)
        .map(([name]) => name),
    },
  };
}

/** Report of already-formed verdicts: the official rates, Table 1's final pass rate in %. */
export function travelReport(
  policyName: string,
  verdicts: QueryVerdict[],
  items: BenchmarkItemResult[],
): BenchmarkReport {
  const metrics = travelMetrics(verdicts);
  return {
    benchmark: 'travelplanner',
    policy: policyName,
    items,
    summary: {
      accuracy: metrics.finalPassRate,
      finalPassRate: metrics.finalPassRate,
      deliveryRate: metrics.deliveryRate,
      commonsenseMicro: metrics.commonsenseMicro,
      commonsenseMacro: metrics.commonsenseMacro,
      hardMicro: metrics.hardMicro,
      hardMacro: metrics.hardMacro,
      commonsensePassed: metrics.commonsensePassed,
      commonsenseTotal: metrics.commonsenseTotal,
      hardPassed: metrics.hardPassed,
      hardTotal: metrics.hardTotal,
      queries: verdicts.length,
    },
    table1: { TravelPlanner: Math.round(metrics.finalPassRate * 10000) / 100 },
    notes: [...TRAVELPLANNER_NOTES],
  };
}

/** TravelPlanner sole-planning on the 45 training queries, scored by the official rules. */
export function createTravelPlannerBenchmark(options: { batchSize?: number } = {}): Benchmark {
  const batchSize = options.batchSize ?? 8;
  return {
    name: 'travelplanner',
    description:
      'TravelPlanner sole-planning (45 training queries): official commonsense and hard-constraint checks, final ' +
      'pass rate',
    async run(policy: AgentPolicy, runOptions: BenchmarkRunOptions): Promise<BenchmarkReport> {
      requireOfficialMode('travelplanner', runOptions.mode);
      const data = loadTravelPlanner(runOptions.dataPath);
      const count =
        runOptions.limit === undefined
          ? data.records.length
          : Math.max(0, Math.min(runOptions.limit, data.records.length));
      const verdicts: QueryVerdict[] = [];
      const items: BenchmarkItemResult[] = [];
      for (let start = 0; start < count; start += batchSize) {
        const indices = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => start + offset);
        const prompts = indices.map((index) => buildTravelPrompt(data.records[index]!, data.queries[index]!));
        const completions = await policy.act(prompts, {
          samples: 1,
          seed: deriveSeed(runOptions.seed, 'travelplanner', start),
          temperature: 0,
        });
        for (const [position, index] of indices.entries()) {
          const completion = completions[position]?.[0] ?? { text: '', policyVersion: policy.name };
          const parsed = parsePlan(completion);
          const verdict = evaluatePlan(data.queries[index]!, parsed.plan, data.database);
          verdicts.push(verdict);
          items.push(
            itemResult(verdict, {
              query: data.queries[index]!.query,
              level: data.queries[index]!.level,
              planSource: parsed.plan ? parsed.source : null,
              parseError: parsed.plan ? null : parsed.reason,
            }),
          );
        }
        runOptions.onProgress?.(Math.min(start + batchSize, count), count);
      }
      return travelReport(policy.name, verdicts, items);
    },
  };
}

export const travelPlannerBenchmark: Benchmark = createTravelPlannerBenchmark();
