import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GenEnvError } from '../interfaces/errors.ts';
import type { InteractiveDomain } from '../interfaces/interaction.ts';
import type { TaskInstance } from '../interfaces/task.ts';
import { defineDomain, parseDomainOptions, type WorldDefinition } from './define-domain.ts';
import { datasetOptionsSchema } from './world-options.ts';

/** A toy world: a spec is a whole number n, its task "say n + index", its family "even" or "odd". */
function toyWorld(built: { seeds: number; heldOut: number; grammar: number }) {
  return {
    version: '1',
    specSchema: z.number().int().min(0),
    knobs: [{ name: 'n', description: 'the number', values: [0, 1, 2] }],
    specFromKnobs: (values) => ({ ok: true, value: Number(values.n) }),
    formatSpec: String,
    parseSpec: (text) => (/^\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, reason: 'no number' }),
    family: (spec) => (spec % 2 ? 'odd' : 'even'),
    features: (spec) => ({ difficulty: spec }),
    variation: (spec, seed, index) =>
      spec === 13
        ? { ok: false, reason: 'unlucky' }
        : { ok: true, instance: { id: `${spec}-${seed}-${index}`, family: 'f', features: {}, payload: spec + index } },
    maxVariations: 4,
    render: (instance) => ({
      id: instance.id,
      family: instance.family,
      text: 'say',
      messages: [],
      reference: { answer: String(instance.payload), difficulty: 0 },
    }),
    score: (instance, completion) => {
      const success = completion.text === String(instance.payload);
      return { reward: success ? 1 : 0, success };
    },
    seeds: () => {
      built.seeds++;
      return [{ id: 's0', family: 'odd', spec: 1 }];
    },
    heldOut: (instantiateOne) => {
      built.heldOut++;
      return [{ name: 'test-id', version: '1', instances: [instantiateOne(2, 0)] }];
    },
    grammar: (seeds) => {
      built.grammar++;
      return { kind: 'seeds', seeds: seeds.length } as never;
    },
  } satisfies WorldDefinition<number, number>;
}

describe('defineDomain', () => {
  it('parses options with defaults, and a bad one is one config line naming it where the config holds it', () => {
    const schema = datasetOptionsSchema({ seedTasks: 12, heldOutSize: 5, maxHeldOutSize: 10 });
    expect(parseDomainOptions(schema, {})).toEqual({ seedTasks: 12, heldOutSize: 5 });
    expect(() => parseDomainOptions(schema, { heldOutSize: 11 })).toThrow(GenEnvError);
    expect(() => parseDomainOptions(schema, { bogus: 1 })).toThrow(/^domain\.options\.bogus: unknown key$/);
    expect(() => parseDomainOptions(schema, { seedTask: 1 })).toThrow(
      /^domain\.options\.seedTask: unknown key; did you mean seedTasks\?$/,
    );
    expect(() => parseDomainOptions(z.object({ size: z.number() }), { size: 'big' })).toThrow(
      /^domain\.options\.size: /,
    );
    const seen: unknown[] = [];
    const create = defineDomain({
      name: 'toy',
      options: schema,
      world: (options) => {
        seen.push(options);
        return toyWorld({ seeds: 0, heldOut: 0, grammar: 0 });
      },
    });
    create({ seedTasks: 3 });
    expect(seen).toEqual([{ seedTasks: 3, heldOutSize: 5 }]);
    expect(() => create({ heldOutSize: 0 })).toThrow(/^domain\.options\.heldOutSize: /);
    const plain = defineDomain({ name: 'plain', world: () => toyWorld({ seeds: 0, heldOut: 0, grammar: 0 }) });
    expect(plain().name).toBe('plain');
    // @ts-expect-error: a world without an options schema takes no options, and its type says so.
    expect(() => plain({ size: 1 })).toThrow(/^domain\.options\.size: unknown key$/);
  });

  it('builds seeds, held-out sets and grammar once, hands out copies of the seeds, and fails on a bad held-out spec', () => {
    const built = { seeds: 0, heldOut: 0, grammar: 0 };
    const domain = defineDomain({ name: 'toy', world: () => toyWorld(built) })();
    const first = domain.seeds();
    first[0]!.spec = 99;
    expect(domain.seeds()[0]!.spec).toBe(1);
    expect(domain.heldOutSets()).toBe(domain.heldOutSets());
    expect(domain.heldOutSets()[0]!.instances[0]!.payload).toBe(2);
    expect(domain.specGrammar!()).toBe(domain.specGrammar!());
    expect(built).toEqual({ seeds: 1, heldOut: 1, grammar: 1 });
    const failing = defineDomain({
      name: 'toy',
      world: () => ({
        ...toyWorld(built),
        heldOut: (one) => [{ name: 'test-id', version: '1', instances: [one(13, 0)] }],
      }),
    })();
    expect(() => failing.heldOutSets()).toThrow(/toy held-out spec failed: unlucky/);
  });

  it('runs the variation loop under the cap, checks the spec first, and draws held-out sets from a plan', () => {
    const domain = defineDomain({
      name: 'toy',
      world: () => ({
        ...toyWorld({ seeds: 0, heldOut: 0, grammar: 0 }),
        heldOut: {
          seed: 5,
          version: 'v',
          size: 3,
          testId: 0,
          testHard: 10,
          drawSpec: (low: number, random) => low + random.int(0, 9),
        },
      }),
    })();
    const made = domain.instantiate(4, 3, 7);
    expect(made.ok && made.instances.map((instance) => [instance.id, instance.payload])).toEqual([
      ['4-7-0', 4],
      ['4-7-1', 5],
      ['4-7-2', 6],
    ]);
    expect(domain.instantiate(4, 5, 7)).toEqual({ ok: false, reason: 'n must be an integer in 1..4, got 5' });
    expect(domain.instantiate(-1, 1, 7)).toMatchObject({ ok: false, reason: /^invalid spec: / });
    expect(domain.instantiate(13, 1, 7)).toEqual({ ok: false, reason: 'unlucky' });
    const sets = domain.heldOutSets();
    expect(sets.map((set) => [set.name, set.version, set.instances.length])).toEqual([
      ['test-id', 'v', 3],
      ['test-hard', 'v', 3],
    ]);
    expect(sets[1]!.instances.every((instance) => (instance.payload as number) >= 10)).toBe(true);
    expect(domain.knobValuesOf).toBeUndefined();
  });

  it("fills a variation's family and features, and a seed's family, from the spec; keeps the full forms as given", () => {
    const toy = toyWorld({ seeds: 0, heldOut: 0, grammar: 0 });
    const stated: TaskInstance<number> = { id: 'stated', family: 'f', features: {}, payload: 7 };
    const domain = defineDomain({
      name: 'toy',
      world: () => ({
        ...toy,
        variation: (spec, _seed, index) =>
          index === 0 ? { ok: true, instance: { id: `short-${spec}`, payload: spec } } : { ok: true, instance: stated },
        seeds: () => [
          { id: 's0', spec: 3 },
          { id: 's1', family: 'own', spec: 4 },
        ],
      }),
    })();
    const made = domain.instantiate(3, 2, 1);
    if (!made.ok) throw new Error(made.reason);
    // In the order of a TaskInstance, as the built-in worlds write theirs.
    expect(Object.entries(made.instances[0]!)).toEqual([
      ['id', 'short-3'],
      ['family', 'odd'],
      ['features', { difficulty: 3 }],
      ['payload', 3],
    ]);
    expect(made.instances[1]).toBe(stated);
    expect(domain.seeds()).toEqual([
      { id: 's0', family: 'odd', spec: 3 },
      { id: 's1', family: 'own', spec: 4 },
    ]);
  });

  it('takes a whole instantiate instead, has no grammar unless given, and scores a multi-turn world by replay', () => {
    // One turn: the episode ends on the first action, and succeeds when that action says the payload.
    const interactive: InteractiveDomain<number> = {
      maxSteps: () => 3,
      turnPrompt: (instance) => ({
        id: instance.id,
        family: 'f',
        text: '',
        messages: [],
        reference: { answer: '', difficulty: 0 },
      }),
      reset: (instance) => {
        let said = '';
        return {
          observation: 'say it',
          step: (turn) => {
            said = turn.text;
            return { action: said, observation: '', done: true };
          },
          verdict: () => ({
            reward: said === String(instance.payload) ? 1 : 0,
            success: said === String(instance.payload),
          }),
        };
      },
    };
    const {
      score: _score,
      variation: _variation,
      maxVariations: _cap,
      grammar: _grammar,
      ...parts
    } = toyWorld({
      seeds: 0,
      heldOut: 0,
      grammar: 0,
    });
    const instance: TaskInstance<number> = { id: 'a', family: 'f', features: {}, payload: 8 };
    const domain = defineDomain({
      name: 'turns',
      world: () => ({ ...parts, instantiate: () => ({ ok: true, instances: [instance] }), interactive }),
    })();
    expect(domain.instantiate(1, 99, 0)).toEqual({ ok: true, instances: [instance] });
    expect(domain.specGrammar).toBeUndefined();
    expect(domain.interactive).toBe(interactive);
    expect(domain.score(instance, { text: '8', policyVersion: 'x' }).success).toBe(true);
    expect(domain.score(instance, { text: '7', policyVersion: 'x' }).success).toBe(false);
  });
});
