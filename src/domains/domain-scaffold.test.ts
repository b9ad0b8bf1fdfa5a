import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GenEnvError } from '../interfaces/errors.ts';
import type { TaskInstance } from '../interfaces/task.ts';
import { keptDomainData, parseDomainOptions } from './domain-scaffold.ts';
import { datasetOptionsSchema } from './world-options.ts';

describe('domain scaffold', () => {
  it('parses options with defaults, and a bad one is one config line naming the domain', () => {
    const schema = datasetOptionsSchema({ seedTasks: 12, heldOutSize: 5, maxHeldOutSize: 10 });
    expect(parseDomainOptions('toy', schema, {})).toEqual({ seedTasks: 12, heldOutSize: 5 });
    expect(() => parseDomainOptions('toy', schema, { heldOutSize: 11 })).toThrow(GenEnvError);
    expect(() => parseDomainOptions('toy', schema, { bogus: 1 })).toThrow(/^toy options: Unrecognized key/);
    expect(() => parseDomainOptions('toy', z.object({ size: z.number() }), { size: 'big' })).toThrow(
      /^toy options: size: /,
    );
  });

  it('builds seeds, held-out sets and grammar once, hands out copies of the seeds, and fails on a bad held-out spec', () => {
    const built = { seeds: 0, heldOut: 0, grammar: 0 };
    const instance = (spec: number): TaskInstance<number> => ({
      id: `i${spec}`,
      family: 'f',
      features: {},
      payload: spec,
    });
    const data = keptDomainData<number, number>({
      domain: 'toy',
      instantiate: (spec) =>
        spec >= 0 ? { ok: true, instances: [instance(spec)] } : { ok: false, reason: 'negative' },
      buildSeeds: () => {
        built.seeds++;
        return [{ id: 's0', family: 'f', spec: 1 }];
      },
      buildHeldOutSets: (instantiateOne) => {
        built.heldOut++;
        return [{ name: 'test-id', version: '1', instances: [instantiateOne(2, 0)] }];
      },
      buildGrammar: (seeds) => {
        built.grammar++;
        return { kind: 'seeds', seeds: seeds.length } as never;
      },
    });
    const first = data.seeds();
    first[0]!.spec = 99;
    expect(data.seeds()[0]!.spec).toBe(1);
    expect(data.heldOutSets()).toBe(data.heldOutSets());
    expect(data.heldOutSets()[0]!.instances[0]!.payload).toBe(2);
    expect(data.specGrammar()).toBe(data.specGrammar());
    expect(built).toEqual({ seeds: 1, heldOut: 1, grammar: 1 });
    const failing = keptDomainData<number, number>({
      domain: 'toy',
      instantiate: () => ({ ok: false, reason: 'negative' }),
      buildSeeds: () => [],
      buildHeldOutSets: (instantiateOne) => [{ name: 'test-id', version: '1', instances: [instantiateOne(-1, 0)] }],
      buildGrammar: () => ({}) as never,
    });
    expect(() => failing.heldOutSets()).toThrow(/toy held-out spec failed: negative/);
  });
});
