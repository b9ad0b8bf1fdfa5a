import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { ATTRIBUTES } from '../ladder/directory.ts';
import { ANY } from '../ladder/variation.ts';
import { createClausesWorld } from './domain.ts';
import { drawComposition, taskTypeCount } from './draws.ts';
import { CLAUSES, type ClausesSpec, MAX_CLAUSES, MAX_WIDTH } from './spec.ts';
import type { ClausesPayload } from './variation.ts';

const answer = (text: string): Completion => ({ text, policyVersion: 'test' });
const spec = (text: string): ClausesSpec => {
  const parsed = createClausesWorld({ heldOutSize: 1, width: MAX_WIDTH }).parseSpec(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};

/** Wrong answers one edit away from the gold calls: a value replaced by an earlier or ruled-out one, and the rest. */
function nearMisses(payload: ClausesPayload): Completion[] {
  const [find, act] = payload.calls;
  const misses = [
    [find!, { ...act!, arguments: { person: 'Nobody' } }],
    [find!, { ...act!, name: act!.name === 'email' ? 'call' : 'email' }],
    [find!],
    [find!, act!, act!],
  ];
  const given = Object.entries(find!.arguments).find(([, value]) => value !== ANY);
  if (given) misses.push([{ ...find!, arguments: { ...find!.arguments, [given[0]]: ANY } }, act!]);
  for (const mention of payload.mentions)
    if (mention.value !== null && mention.value !== find!.arguments[mention.attribute])
      misses.push([{ ...find!, arguments: { ...find!.arguments, [mention.attribute]: mention.value } }, act!]);
  return misses.map((calls) => answer(formatCalls(calls)));
}

const invalidSpecTexts = [
  'role,,city',
  'height',
  'not',
  'never role',
  'not role city',
  'role,not role,any role,city,team,age,floor',
  '{"clauses":[]}',
  '{"clauses":[{"form":"give","attribute":"role","value":"chef"}]}',
];

describeDomainContract('clauses', () => createClausesWorld({ heldOutSize: 40 }), {
  nearMisses: (instance) => nearMisses((instance as TaskInstance<ClausesPayload>).payload),
  invalidSpecTexts,
});

describeDomainContract('clauses of width 3', () => createClausesWorld({ heldOutSize: 40, width: 3 }), {
  nearMisses: (instance) => nearMisses((instance as TaskInstance<ClausesPayload>).payload),
  invalidSpecTexts: ['role,,city', 'height', `${Array.from({ length: 19 }, () => 'role').join(',')}`],
});

describe('clauses world', () => {
  const domain = createClausesWorld({ heldOutSize: 60 });

  it('declares no knobs, refuses knob values, and draws its task types from its grammar instead', () => {
    expect(domain.knobs).toEqual([]);
    expect(domain.specFromKnobs({}, 1)).toEqual({ ok: false, reason: 'the clauses world has no difficulty knobs' });
    expect(domain.drawSpec!(7)).toEqual(domain.drawSpec!(7));
    expect(domain.drawSpec!(7)).not.toEqual(domain.drawSpec!(8));
  });

  it('holds more than 10⁶ distinct valid task types: every sequence of 1–6 of the 18 clauses', () => {
    expect(CLAUSES).toHaveLength(18);
    expect(new Set(CLAUSES.map((clause) => domain.formatSpec({ clauses: [clause] }))).size).toBe(18);
    expect(taskTypeCount(MAX_CLAUSES)).toBe(36_012_942);
    expect(taskTypeCount(MAX_CLAUSES)).toBeGreaterThan(1e6);
    // Every text of one or two clauses the grammar writes is valid, canonical and distinct: 18 + 18² of them.
    const grammar = domain.specGrammar!();
    const texts = CLAUSES.flatMap((first) => [
      domain.formatSpec({ clauses: [first] }),
      ...CLAUSES.map((second) => domain.formatSpec({ clauses: [first, second] })),
    ]);
    expect(new Set(texts).size).toBe(taskTypeCount(2));
    for (const text of texts) {
      const state = grammarState(grammar, text);
      expect(state && grammar.complete(state), text).toBe(true);
      const parsed = domain.parseSpec(text);
      expect(parsed.ok && domain.formatSpec(parsed.value)).toBe(text);
      expect(parsed.ok && domain.instantiate(parsed.value, 2, 1).ok).toBe(true);
    }
  });

  it('draws from the whole grammar: every length of 1–6 and every clause, each about equally often', () => {
    const lengths = new Map<number, number>();
    const clauses = new Map<string, number>();
    const draws = 3600;
    for (let seed = 0; seed < draws; seed++) {
      const drawn = domain.drawSpec!(seed);
      lengths.set(drawn.clauses.length, (lengths.get(drawn.clauses.length) ?? 0) + 1);
      for (const clause of drawn.clauses) {
        const text = domain.formatSpec({ clauses: [clause] });
        clauses.set(text, (clauses.get(text) ?? 0) + 1);
      }
      expect(domain.specSchema.safeParse(drawn).success).toBe(true);
    }
    expect([...lengths.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of lengths.values()) expect(count / draws).toBeGreaterThan(1 / 6 - 0.03);
    expect(clauses.size).toBe(18);
    const total = [...clauses.values()].reduce((sum, count) => sum + count, 0);
    for (const count of clauses.values()) expect(count / total).toBeGreaterThan(1 / 18 - 0.015);
  });

  it('passes for each attribute what its last give or any clause says, and never a ruled-out value', () => {
    const cases: [string, Record<string, 'value' | 'any'>][] = [
      ['role', { role: 'value' }],
      ['role,any role', { role: 'any' }],
      ['any role,role', { role: 'value' }],
      ['role,not role', { role: 'value' }],
      ['not team', {}],
      ['team,city,team,not team,any city', { team: 'value' }],
    ];
    for (const [text, expected] of cases) {
      const built = domain.instantiate(spec(text), 12, 3);
      if (!built.ok) throw new Error(built.reason);
      for (const { payload } of built.instances) {
        const find = payload.calls[0]!.arguments;
        expect(Object.keys(find)).toEqual([...ATTRIBUTES]);
        for (const attribute of ATTRIBUTES) {
          const wanted = expected[attribute];
          const values = payload.mentions.filter((mention) => mention.attribute === attribute);
          if (wanted === 'value') {
            const last = values.filter((mention) => mention.form === 'give').at(-1)!;
            expect(find[attribute], text).toBe(last.value);
            // A replaced give names another value, and a ruled-out value is never one the request gives.
            for (const earlier of values.filter((mention) => mention.form === 'give' && mention !== last))
              expect(earlier.value).not.toBe(last.value);
          } else expect(find[attribute], `${text}: ${attribute}`).toBe(ANY);
          const given = new Set(values.filter((mention) => mention.form === 'give').map((mention) => mention.value));
          for (const ruledOut of values.filter((mention) => mention.form === 'not'))
            expect(given.has(ruledOut.value)).toBe(false);
        }
        expect(payload.request.split(', ')).toHaveLength(payload.spec.clauses.length);
      }
    }
    const [instance] = (
      domain.instantiate(spec('team,any city,not team'), 1, 4) as { instances: TaskInstance<ClausesPayload>[] }
    ).instances;
    const { mentions, request } = instance!.payload;
    expect(request).toBe(`${instance!.payload.action}: ${mentions[0]!.value}, any city, not ${mentions[2]!.value}`);
  });

  it('scores the gold calls 1 and a value a later clause replaced 0', () => {
    const built = domain.instantiate(spec('city,city'), 1, 2) as { instances: TaskInstance<ClausesPayload>[] };
    const instance = built.instances[0]!;
    const gold = domain.render(instance).reference.answer;
    expect(domain.score(instance, answer(gold))).toEqual({ reward: 1, success: true });
    const [first, second] = instance.payload.mentions;
    expect(domain.score(instance, answer(gold.replace(`city=${second!.value}`, `city=${first!.value}`))).success).toBe(
      false,
    );
  });

  it('draws test-id over the seeds’ lengths and test-hard over the longer ones, the same every time', () => {
    const lengths = (name: string) =>
      domain
        .heldOutSets()
        .find((set) => set.name === name)!
        .instances.map((instance) => instance.features.clauses!);
    expect(Math.max(...lengths('test-id'))).toBeLessThanOrEqual(3);
    expect(Math.min(...lengths('test-hard'))).toBeGreaterThanOrEqual(5);
    expect(Math.max(...domain.seeds().map((seed) => seed.spec.clauses.length))).toBeLessThanOrEqual(3);
    const ids = (world: typeof domain) =>
      world.heldOutSets().flatMap((set) => set.instances.map((instance) => instance.id));
    expect(ids(createClausesWorld({ heldOutSize: 60 }))).toEqual(ids(domain));
    expect(domain.heldOutSets()[0]!.version).toBe('clauses-1-w1-n60-c1-3-c5-6');
  });

  it('widens its compositions with the width and keeps the seeds and held-out sets', () => {
    const wide = createClausesWorld({ heldOutSize: 30, width: 3 });
    const seven = Array.from({ length: 7 }, () => 'role').join(',');
    expect(domain.parseSpec(seven).ok).toBe(false);
    expect(grammarState(domain.specGrammar!(), seven)).toBeNull();
    expect(wide.parseSpec(seven).ok).toBe(true);
    expect(Math.max(...Array.from({ length: 400 }, (_, seed) => wide.drawSpec!(seed).clauses.length))).toBe(18);
    const ids = (world: typeof domain) =>
      world.heldOutSets().flatMap((set) => set.instances.map((instance) => instance.id));
    expect(ids(wide)).toEqual(ids(createClausesWorld({ heldOutSize: 30 })));
    expect(wide.seeds()).toEqual(domain.seeds());
    expect(taskTypeCount(MAX_CLAUSES * 3)).toBeGreaterThan(taskTypeCount(MAX_CLAUSES) * 18 ** 12);
  });

  it('writes the longest request within a few hundred characters: it fits the agent’s context', () => {
    const widest = createClausesWorld({ heldOutSize: 10, width: MAX_WIDTH });
    const random = new Random(1);
    for (let draw = 0; draw < 20; draw++) {
      const result = widest.instantiate(drawComposition(MAX_CLAUSES * MAX_WIDTH, random), 1, draw);
      if (!result.ok) throw new Error(result.reason);
      expect(widest.render(result.instances[0]!).text.length).toBeLessThan(320);
    }
  });

  it('gives bad options one config error', () => {
    expect(() => createClausesWorld({ hardClauses: { clauses: [6, 5] } })).toThrow(GenEnvError);
    expect(() => createClausesWorld({ hardClauses: { clauses: [7, 8] } })).toThrow(
      /hardClauses.clauses reaches 8, above the 6 of width 1/,
    );
    expect(() => createClausesWorld({ width: 2, hardClauses: { clauses: [7, 8] } })).not.toThrow();
    expect(() => createClausesWorld({ width: MAX_WIDTH + 1 })).toThrow(/^domain\.options\.width: /);
    expect(() => createClausesWorld({ knobs: 1 })).toThrow(/^domain\.options\.knobs: unknown key/);
  });
});
