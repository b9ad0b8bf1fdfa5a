import { beforeAll, describe, expect, it } from 'vitest';
import { OraclePolicy } from '../../policies/oracle.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import {
  evaluatePlan,
  hardConstraintSlots,
  loadTravelPlanner,
  toPlan,
  totalCost,
  travelMetrics,
  travelPlannerBenchmark,
  type Plan,
  type QueryVerdict,
  type TravelPlannerData,
} from './index.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';

const travelPlanner = benchmarkData('travelplanner');
const dataPath = travelPlanner.path;

/** Names of the checks a verdict fails. */
function failed(verdict: QueryVerdict): string[] {
  return [...Object.entries(verdict.commonsense ?? {}), ...Object.entries(verdict.hard ?? {})]
    .filter(([, result]) => result.pass === false)
    .map(([name]) => name);
}

describe.skipIf(travelPlanner.skip)(travelPlanner.title('TravelPlanner on the real data'), () => {
  let data: TravelPlannerData;
  beforeAll(() => {
    data = loadTravelPlanner(dataPath);
  });

  /** The gold plan of query `index` (0-based) with `change` applied to a copy. */
  function variant(index: number, change: (plan: Plan) => void): QueryVerdict {
    const plan = toPlan(structuredClone(data.records[index]!.goldPlan))!;
    change(plan);
    return evaluatePlan(data.queries[index]!, plan, data.database);
  }

  it('every gold plan passes all 13 checks under the derived fields', () => {
    const verdicts = data.queries.map((query, index) =>
      evaluatePlan(query, toPlan(data.records[index]!.goldPlan), data.database),
    );
    expect(verdicts.flatMap((verdict) => failed(verdict).map((name) => `${verdict.query.id}: ${name}`))).toEqual([]);
    expect(travelMetrics(verdicts)).toMatchObject({
      deliveryRate: 1,
      commonsenseMicro: 1,
      commonsenseMacro: 1,
      hardMicro: 1,
      hardMacro: 1,
      finalPassRate: 1,
      commonsenseTotal: 360,
      hardTotal: 105,
    });
  });

  it('the oracle scores 100% through the benchmark, Table 1 column included', async () => {
    const report = await travelPlannerBenchmark.run(new OraclePolicy(), { dataPath, seed: 0 });
    expect(report.summary).toMatchObject({
      accuracy: 1,
      deliveryRate: 1,
      commonsenseMicro: 1,
      commonsenseMacro: 1,
      hardMicro: 1,
      hardMacro: 1,
      queries: 45,
    });
    expect(report.table1).toEqual({ TravelPlanner: 100 });
    expect(report.items.every((item) => item.correct && item.details?.planSource === 'text')).toBe(true);
  });

  it('over budget: a dearer dinner breaks only the budget', () => {
    // Query 2: budget $900, gold costs $890; Nukkad ($100) replaces Bailey's Bar-B-Que.
    const gold = totalCost(data.queries[1]!, toPlan(data.records[1]!.goldPlan)!, data.database);
    const verdict = variant(1, (plan) => {
      plan[1]!.dinner = 'Nukkad, Pensacola';
    });
    expect(gold).toBe(890);
    expect(failed(verdict)).toEqual(['valid_cost']);
  });

  it('wrong room type: an entire apartment where private rooms are required breaks only the room type', () => {
    // Query 25 (medium, private room, 4 people): the gold private room becomes an entire home, cheaper.
    const verdict = variant(24, (plan) => {
      for (const day of plan) {
        if (String(day.accommodation).startsWith('Convent Ave & 127st'))
          day.accommodation = 'Light-filled Apartment in great area, close 2 all!, Minneapolis(Minnesota)';
      }
    });
    expect(data.queries[24]!.localConstraint.roomType).toBe('private room');
    expect(failed(verdict)).toEqual(['valid_room_type']);
  });

  it('repeated restaurant: the same place for breakfast and dinner breaks only restaurant diversity', () => {
    const verdict = variant(10, (plan) => {
      plan[1]!.dinner = plan[1]!.breakfast!;
    });
    expect(failed(verdict)).toEqual(['is_valid_restaurants']);
  });

  it('city off the route: returning to Dallas on day 4 breaks only the city route', () => {
    // Query 13: Gulfport → Dallas → San Angelo → Houston → Gulfport; day 4 claims Dallas again.
    const verdict = variant(12, (plan) => {
      plan[3]!.current_city = 'Dallas(Texas)';
    });
    expect(failed(verdict)).toEqual(['is_reasonable_visiting_city']);
    expect(verdict.commonsense!.is_reasonable_visiting_city.reason).toBe('The city sequence is invalid.');
  });

  it('missing accommodation: no stay on night 2 breaks completeness, and the hard checks are not run', () => {
    const verdict = variant(2, (plan) => {
      plan[1]!.accommodation = '-';
    });
    expect(failed(verdict)).toEqual(['is_not_absent']);
    expect(verdict.commonsense!.is_not_absent.reason).toBe('No accommodation in day 2 is not allowed.');
    expect(verdict.hard).toBeNull();
  });

  it('transport conflict: flying out and driving back breaks only non-conflicting transportation', () => {
    const verdict = variant(2, (plan) => {
      plan[2]!.transportation =
        'Self-driving, from Stockton to Las Vegas, duration: 7 hours 50 mins, distance: 836 km, cost: 41';
    });
    expect(failed(verdict)).toEqual(['is_valid_transportation']);
  });

  it('a hallucinated restaurant breaks the sandbox check and skips the hard checks', () => {
    const verdict = variant(0, (plan) => {
      plan[1]!.lunch = 'The Imaginary Bistro, Rockford';
    });
    expect(failed(verdict)).toEqual(['is_valid_information_in_sandbox']);
    expect(verdict.hard).toBeNull();
  });

  it('micro and macro rates follow eval.py when plans are missing or fail', () => {
    const verdicts = data.queries.map((query, index) => {
      if (index === 0) return evaluatePlan(query, null, data.database);
      if (index === 2)
        return variant(2, (plan) => {
          plan[1]!.accommodation = '-';
        });
      if (index === 10)
        return variant(10, (plan) => {
          plan[1]!.dinner = plan[1]!.breakfast!;
        });
      if (index === 24)
        return variant(24, (plan) => {
          for (const day of plan)
            if (String(day.accommodation).startsWith('Convent Ave'))
              day.accommodation = 'Light-filled Apartment in great area, close 2 all!, Minneapolis(Minnesota)';
        });
      return evaluatePlan(query, toPlan(data.records[index]!.goldPlan), data.database);
    });
    const metrics = travelMetrics(verdicts);
    expect(metrics.deliveryRate).toBeCloseTo(44 / 45, 12);
    // Lost commonsense passes: 8 (undelivered) + 1 (query 3) + 1 (query 11).
    expect(metrics.commonsensePassed).toBe(350);
    expect(metrics.commonsenseMicro).toBeCloseTo(350 / 360, 12);
    // Query 3's hard checks never ran (its 1 budget slot lost), query 1 undelivered (1 slot), query 25's room type
    // failed (1).
    expect(metrics.hardPassed).toBe(102);
    expect(metrics.hardMicro).toBeCloseTo(102 / 105, 12);
    expect(metrics.commonsenseMacro).toBeCloseTo(42 / 45, 12);
    expect(metrics.hardMacro).toBeCloseTo(42 / 45, 12);
    expect(metrics.finalPassRate).toBeCloseTo(41 / 45, 12);
  });

  it('levels and hard-constraint slots match the official split (15/15/15, 105 slots)', () => {
    const levels = data.queries.map((query) => query.level);
    expect(levels.filter((level) => level === 'easy')).toHaveLength(15);
    expect(levels.filter((level) => level === 'medium')).toHaveLength(15);
    expect(levels.filter((level) => level === 'hard')).toHaveLength(15);
    expect(data.queries.reduce((sum, query) => sum + hardConstraintSlots(query), 0)).toBe(105);
  });

  it('parses plans from tool calls and Python literals, and counts unreadable answers as undelivered', async () => {
    const policy: AgentPolicy = {
      name: 'mixed',
      async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
        return prompts.map((prompt, position) => {
          const plan = JSON.parse(prompt.reference.answer) as unknown[];
          if (position === 0)
            return [{ text: '', toolCalls: [{ name: 'submit_plan', arguments: { plan } }], policyVersion: 'm' }];
          if (position === 1)
            return [{ text: `Here is the plan:\n${pythonRepr(plan)}\nEnjoy [your] trip!`, policyVersion: 'm' }];
          return [{ text: 'I cannot plan this trip.', policyVersion: 'm' }];
        });
      },
    };
    const report = await travelPlannerBenchmark.run(policy, { dataPath, seed: 1, limit: 3 });
    expect(report.items.map((item) => [item.correct, item.details?.planSource])).toEqual([
      [true, 'tool'],
      [true, 'text'],
      [false, null],
    ]);
    expect(report.summary).toMatchObject({ deliveryRate: 2 / 3, accuracy: 2 / 3, commonsenseTotal: 24, hardTotal: 3 });
  });
});

/** Python repr of JSON values (single-quoted strings), as the gold plans are written. */
function pythonRepr(value: unknown): string {
  if (typeof value === 'string')
    return value.includes("'") && !value.includes('"')
      ? `"${value}"`
      : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, inner]) => `${pythonRepr(key)}: ${pythonRepr(inner)}`)
      .join(', ')}}`;
  return String(value);
}

describe('TravelPlanner input errors', () => {
  it('rejects a missing data folder and an unknown mode with one-line errors', async () => {
    await expect(
      travelPlannerBenchmark.run(new OraclePolicy(), { dataPath: '/nonexistent/travelplanner', seed: 0 }),
    ).rejects.toThrow(/TravelPlanner data file not found/);
    await expect(travelPlannerBenchmark.run(new OraclePolicy(), { dataPath, seed: 0, mode: 'fixed' })).rejects.toThrow(
      /one scoring mode/,
    );
  });
});
