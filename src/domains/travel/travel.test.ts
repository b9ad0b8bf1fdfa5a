import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
// The built-in model's tokenizer, to check that prompts fit the travel preset's context (a test-only import).
import { Tokenizer } from '../../models/tokenizer.ts';
import { Random } from '../../util/random.ts';
import { compactToPlan, formatCompactPlan } from './checks/compact-plan.ts';
import { evaluatePlan } from './checks/evaluate.ts';
import { totalCost } from './checks/hard-constraints.ts';
import { parseTravelSpec } from './compact-spec.ts';
import { createTravel } from './domain.ts';
import { nearMisses } from './near-misses.ts';
import { failedChecks } from './score.ts';
import { solve } from './solver.ts';
import type { TravelSpec } from './spec.ts';
import type { TravelPayload } from './variation.ts';
import { createTravelWorld } from './world.ts';

const answer = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'test',
  ...extra,
});
const world = createTravelWorld(1);
const domain = createTravel();
const spec = (text: string): TravelSpec => {
  const parsed = parseTravelSpec(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};
const payloadOf = (instance: TaskInstance) => (instance as TaskInstance<TravelPayload>).payload;

describeDomainContract('travel', () => createTravel(), {
  nearMisses: (instance) => nearMisses(payloadOf(instance), world).map((miss) => answer(formatCompactPlan(miss.plan))),
  invalidSpecTexts: [
    'd2|c3',
    'd6|c1',
    'd7|c1',
    'c1',
    'd3',
    'd3|c1|p9',
    'd3|c1|p0',
    'd3|c1|x3',
    'd3|c1|tight|loose',
    'd3|c1|h:dogs',
    'd3|c1|r:',
    'd3|c1|f:Chinese,Chinese',
    'd3|c1|f:Chinese,Indian,French,Italian',
    'd3|c1|t:walk',
    'd3|c1|to:pell',
    '{"days":3}',
    '{"days":3,"cities":1,"people":0}',
  ],
  limit: 150,
});

describe('travel near misses', () => {
  const aimedAt: Record<string, string> = {
    'repeated restaurant': 'is_valid_restaurants',
    'house rule broken': 'valid_room_rule',
    'wrong room type': 'valid_room_type',
    'over budget': 'valid_cost',
    'wrong city': 'is_reasonable_visiting_city',
    'day left out': 'is_not_absent',
    'invented stay': 'is_valid_information_in_sandbox',
  };

  it('makes every kind of near miss somewhere, each scored 0 and failing the check it aims at', () => {
    const kinds = new Set<string>();
    const instances = domain.heldOutSets().flatMap((set) => set.instances.slice(0, 60));
    for (const instance of instances) {
      for (const miss of nearMisses(instance.payload, world)) {
        kinds.add(miss.kind);
        expect(domain.score(instance, answer(formatCompactPlan(miss.plan))), miss.kind).toMatchObject({
          reward: 0,
          success: false,
        });
        const verdict = evaluatePlan(instance.payload.query, compactToPlan(miss.plan), world.database);
        expect(
          failedChecks(verdict).map((line) => line.split(':')[0]),
          miss.kind,
        ).toContain(aimedAt[miss.kind]);
      }
    }
    expect([...kinds].sort()).toEqual(Object.keys(aimedAt).sort());
  });

  it('fails a plan a little over a tight budget on the budget check alone', () => {
    const instance = domain.instantiate(spec('d3|c1|p2|tight|x1'), 1, 4);
    if (!instance.ok) throw new Error(instance.reason);
    const payload = instance.instances[0]!.payload;
    const over = nearMisses(payload, world).find((miss) => miss.kind === 'over budget')!;
    const verdict = evaluatePlan(payload.query, compactToPlan(over.plan), world.database);
    expect(failedChecks(verdict)).toEqual([
      expect.stringMatching(/^valid_cost: The total cost \d+ exceeds the budget/),
    ]);
    const cost = totalCost(payload.query, compactToPlan(over.plan), world.database);
    expect(cost).toBeLessThan(payload.query.budget * 1.5);
  });
});

describe('travel datasets', () => {
  it('has 400 seeds over every knob level and trip shape', () => {
    const seeds = domain.seeds();
    expect(seeds).toHaveLength(400);
    const values = (key: string) => new Set(seeds.map((seed) => domain.knobValuesOf!(seed.spec)![key]));
    expect(values('days')).toEqual(new Set([2, 3, 4, 5, 7]));
    expect(values('cities')).toEqual(new Set([1, 2, 3]));
    expect(values('constraints')).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(values('budget')).toEqual(new Set(['loose', 'medium', 'tight']));
    expect(values('distractors')).toEqual(new Set([0, 1, 2]));
    expect(new Set(seeds.map((seed) => seed.family)).size).toBe(11);
    const fixed = seeds.filter((seed) => seed.spec.destination !== null).length;
    expect(fixed).toBeGreaterThan(10);
    expect(fixed).toBeLessThan(seeds.length * 0.2);
  });

  it('has versioned held-out sets of 200, test-hard longer, more constrained and tighter than test-id', () => {
    const sets = domain.heldOutSets();
    expect(sets.map((set) => set.name)).toEqual(['test-id', 'test-hard']);
    for (const set of sets) {
      expect(set.instances).toHaveLength(200);
      expect(set.version).toBe('travel-heldout-v1-n200-w1');
    }
    const mean = (instances: TaskInstance[], key: string) =>
      instances.reduce((sum, item) => sum + item.features[key]!, 0) / instances.length;
    const [id, hard] = sets;
    for (const key of ['days', 'cities', 'constraints', 'budgetTightness', 'distractors', 'fullDays', 'difficulty'])
      expect(mean(hard!.instances, key), key).toBeGreaterThan(mean(id!.instances, key));
    expect(hard!.instances.every((item) => item.payload.spec.budget === 'tight')).toBe(true);
  });

  it('fits prompt and answer in the preset’s 448-token context, with a response budget above the answer', () => {
    const corpus = domain.seeds().flatMap((seed, index) => {
      const result = domain.instantiate(seed.spec, 1, index);
      if (!result.ok) return [];
      const prompt = domain.render(result.instances[0]!);
      return [prompt.text, prompt.reference.answer];
    });
    const tokenizer = Tokenizer.learn(corpus, 512, 'numbers');
    let longest = 0;
    for (const instance of domain.heldOutSets().flatMap((set) => set.instances)) {
      const prompt = domain.render(instance);
      const answerTokens = tokenizer.encode(prompt.reference.answer).length;
      expect(prompt.maxResponseTokens!).toBeGreaterThan(answerTokens);
      longest = Math.max(longest, tokenizer.encode(prompt.text).length + answerTokens + 3);
    }
    expect(longest).toBeLessThanOrEqual(448);
  });
});

describe('travel solver', () => {
  it('rejects specs without a feasible plan, with the reason', () => {
    const island = world.states.find((state) => state.island)!;
    const withoutShared = world.states
      .flatMap((state) => state.cities)
      .find((city) => world.database.accommodationsIn(city).every((row) => row.roomType !== 'Shared room'))!;
    const mainland = world.states.find((state) => !state.island)!;
    const cases: [string, RegExp][] = [
      [`d3|c1|t:noflight|to:${island.name}`, /^no way from \w+ to \w+ on 2022-03-\d\d \(no flight\)$/],
      [`d3|c1|r:shared|to:${withoutShared}`, new RegExp(`^no accommodation in ${withoutShared} is a shared room`)],
      [`d5|c2|to:${mainland.cities[0]}`, /is a city; a 2-city trip needs a state/],
      [`d3|c1|o:${mainland.cities[0]}|to:${mainland.name}`, /lies in the destination/],
      ['d3|c1|to:Atlantis', /unknown destination Atlantis/],
    ];
    for (const [text, reason] of cases) {
      const result = domain.instantiate(spec(text), 2, 1);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.reason, text).toMatch(reason);
    }
  });

  it('proves every seed and held-out task feasible: each reference plan scores 1, as text and as a tool call', () => {
    const instances = domain.heldOutSets().flatMap((set) => set.instances);
    for (const seed of domain.seeds()) {
      const result = domain.instantiate(seed.spec, 1, 17);
      expect(result.ok, result.ok ? '' : result.reason).toBe(true);
      if (result.ok) instances.push(...result.instances);
    }
    for (const instance of instances) {
      const prompt = domain.render(instance);
      expect(domain.score(instance, answer(prompt.reference.answer))).toEqual({ reward: 1, success: true });
      expect(domain.score(instance, answer('', { toolCalls: prompt.reference.toolCalls })), instance.id).toEqual({
        reward: 1,
        success: true,
      });
      const budget = instance.payload.query.budget;
      expect(budget % 10).toBe(0);
    }
  });

  it('sets the budget from the reference cost by tightness, and draws different routes per seed', () => {
    const routes = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const solved = solve(world, spec('d5|c2|p3|medium'), new Random(seed));
      expect(solved.ok).toBe(true);
      if (!solved.ok) continue;
      expect(solved.value.query.budget).toBe(Math.ceil((solved.value.cost * 1.2) / 10) * 10);
      routes.add(solved.value.plan.map((day) => day.from).join('>'));
    }
    expect(routes.size).toBeGreaterThan(10);
  });
});

describe('travel scoring', () => {
  const result = domain.instantiate(spec('d3|c1|p2|tight|x2|h:pets|f:Chinese'), 1, 8);
  if (!result.ok) throw new Error(result.reason);
  const instance = result.instances[0]!;
  const gold = domain.render(instance).reference.answer;

  it('scores any plan that passes the checks, not only the reference', () => {
    const lines = gold.split('\n');
    // The same plan with its full day's breakfast and lunch swapped still passes every check.
    const fields = lines[1]!.split('|');
    [fields[2], fields[3]] = [fields[3]!, fields[2]!];
    const swapped = [lines[0], fields.join('|'), lines[2]].join('\n');
    expect(swapped).not.toBe(gold);
    expect(domain.score(instance, answer(swapped))).toEqual({ reward: 1, success: true });
  });

  it('reads JSON day lists too, and gives unreadable answers a reason', () => {
    const json = JSON.stringify(domain.render(instance).reference.toolCalls![0]!.arguments.plan);
    expect(domain.score(instance, answer(`Here is the plan: ${json}`))).toEqual({ reward: 1, success: true });
    const broken = domain.score(instance, answer('Avon>Pell|Pine'));
    expect(broken).toMatchObject({ reward: 0, success: false });
    expect(broken.invalid).toMatch(/a travel day is "A>B <flight number\|car\|taxi>"/);
    expect(domain.score(instance, answer('I cannot plan this.')).invalid).toBe(
      'no list of day objects found in the answer',
    );
  });

  it('gives partial credit per check passed under reward: partial, success still the final pass', () => {
    const partial = createTravel({ reward: 'partial' });
    const same = partial.instantiate(spec('d3|c1|p2|tight|x2|h:pets|f:Chinese'), 1, 8);
    if (!same.ok) throw new Error(same.reason);
    const target = same.instances[0]!;
    const [repeated] = nearMisses(target.payload, world);
    const score = partial.score(target, answer(formatCompactPlan(repeated!.plan)));
    expect(score.success).toBe(false);
    expect(score.reward).toBeCloseTo(12 / 13, 12);
    expect(partial.score(target, answer(gold))).toEqual({ reward: 1, success: true });
  });

  it('rejects bad options with a one-line config error', () => {
    const refused: Record<string, unknown>[] = [
      { seedTasks: 0 },
      { reward: 'some' },
      { colour: 'blue' },
      { worldSeed: -1 },
    ];
    for (const options of refused) {
      expect(() => createTravel(options)).toThrow(GenEnvError);
    }
  });
});
