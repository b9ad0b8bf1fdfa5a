import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import type { Domain } from '../interfaces/index.ts';
import { checkDomain, DOMAIN_CHECKS } from './check-domain.ts';
import { failuresOf } from './domain-check.ts';

/**
 * `checkDomain` finds what a broken world breaks, check by check, each reason one line; a sound world (arithmetic, as
 * every built-in world through test/contracts/domain-contract.ts) fails none.
 */
const sound = (): Domain => createArithmeticDomain({});
/** The arithmetic world with some of its parts replaced. */
const broken = (parts: Partial<Domain>) => (): Domain => ({ ...sound(), ...parts });
const checksFailed = (failures: { check: string }[]) => [...new Set(failures.map((failure) => failure.check))];

describe('checkDomain', () => {
  it('passes a sound world, from a factory or a promise of one', async () => {
    expect(await checkDomain(sound, { limit: 20 })).toEqual([]);
    expect(await checkDomain(async () => sound(), { limit: 20 })).toEqual([]);
  });

  it('fails a scorer that accepts anything: junk and near misses, one line each, five at most', async () => {
    const failures = await checkDomain(broken({ score: () => ({ reward: 1, success: true }) }), {
      limit: 20,
      nearMisses: () => [{ text: '13', policyVersion: 'near' }],
    });
    expect(checksFailed(failures)).toEqual(['scores junk 0 without throwing, and near misses 0']);
    expect(failures).toHaveLength(6);
    expect(failures[0]!.reason).toMatch(/^\w+: the junk answer "" scores reward 1, success true$/);
    expect(failures[5]!.reason).toBe('and more of the same check, not shown');
    for (const { reason } of failures) expect(reason).not.toContain('\n');
  });

  it('fails a scorer that throws on junk, naming the task and the answer', async () => {
    const world = sound();
    const score: Domain['score'] = (instance, completion) => {
      if (completion.text.startsWith('{')) throw new SyntaxError('Unexpected end of JSON input');
      return world.score(instance, completion);
    };
    const failures = await checkDomain(broken({ score }), { limit: 5 });
    expect(failures.map((failure) => failure.reason)).toContainEqual(
      expect.stringMatching(/: score throws on "\{\\"broken\\": ": Unexpected end of JSON input$/),
    );
  });

  it('fails a parser that accepts nonsense or throws, and says which text', async () => {
    const world = sound();
    const lenient = await checkDomain(broken({ parseSpec: () => ({ ok: true, value: world.seeds()[0]!.spec }) }), {
      limit: 5,
    });
    expect(lenient).toContainEqual({
      check: 'rejects invalid spec text with a reason and never throws',
      reason: expect.stringMatching(/^parseSpec\("nonsense"\) accepts it as /),
    });
    const throwing = broken({
      parseSpec: (text) => {
        if (text === '{') throw new Error('bad');
        return world.parseSpec(text);
      },
    });
    expect(await checkDomain(throwing, { limit: 5 })).toEqual([
      { check: 'rejects invalid spec text with a reason and never throws', reason: 'parseSpec("{") throws: bad' },
    ]);
  });

  it('fails a world that is not a function of its seed, and one whose builds differ', async () => {
    let calls = 0;
    const world = sound();
    const drifting = broken({ instantiate: (spec, n, seed) => world.instantiate(spec, n, seed + calls++) });
    const failures = await checkDomain(drifting, { limit: 5 });
    expect(failures).toContainEqual({
      check: 'is deterministic: same seed same tasks, another seed other tasks',
      reason: 'instantiate(spec, 4, 42) gives other tasks when called again',
    });
    let builds = 0;
    const growing = () => {
      const built = sound();
      const seeds = built.seeds().slice(0, 10 + builds++);
      return { ...built, seeds: () => seeds };
    };
    expect(await checkDomain(growing)).toContainEqual({
      check: 'is deterministic: same seed same tasks, another seed other tasks',
      reason: 'a second build of the world has other seeds',
    });
  });

  it('fails a world with no seeds and no held-out sets, without throwing', async () => {
    const failures = await checkDomain(broken({ seeds: () => [], heldOutSets: () => [] }));
    expect(failures).toContainEqual({
      check: 'has seeds whose specs validate, round-trip through text, and instantiate',
      reason: 'the world has no seeds',
    });
    expect(failures).toContainEqual({
      check: 'scores the gold answer of every seed and held-out task 1',
      reason: 'the world has no held-out sets',
    });
  });

  it('fails a grammar with a dead end, and one that leaves a family it says it keeps', async () => {
    const deadEnd = { initial: () => 0, next: () => null, complete: () => false, key: () => '', remaining: () => 1 };
    const failures = await checkDomain(broken({ specGrammar: () => deadEnd }), { limit: 5 });
    expect(failures).toContainEqual({
      check: 'has a spec grammar (where it has one) whose every complete text parses and instantiates',
      reason: 'the grammar has a dead end after ""',
    });
    const world = sound();
    const families = new Set(world.seeds().map((seed) => seed.family));
    expect(families.size).toBeGreaterThan(1);
    // One family for every spec: the walks from the other families' starts leave them.
    const oneFamily = await checkDomain(broken({ family: () => 'add' }), { grammarKeepsFamilies: true });
    expect(oneFamily).toContainEqual({
      check: 'walks its grammar from a family without dead ends, inside the family where it says so',
      reason: expect.stringMatching(/^\d+ of \d+ walks kept their family$/),
    });
  });

  it('turns a check that throws into its reason, and refuses a limit that is not a count', async () => {
    const failures = await checkDomain(
      broken({
        render: () => {
          throw new TypeError('render is broken\nsecond line');
        },
      }),
      { limit: 3 },
    );
    expect(failures).toContainEqual({
      check: 'scores the gold answer of every seed and held-out task 1',
      reason: 'threw: render is broken',
    });
    await expect(checkDomain(sound, { limit: 0 })).rejects.toThrow(RangeError);
    await expect(checkDomain(sound, { limit: 2.5 })).rejects.toThrow(/limit must be a whole number/);
  });

  it('runs each check on its own (as test/contracts/domain-contract.ts does, one test a check)', () => {
    const world = { domain: sound(), rebuild: sound, options: { limit: 5 } };
    expect(DOMAIN_CHECKS.map((check) => failuresOf(check, world))).toEqual(DOMAIN_CHECKS.map(() => []));
    expect(new Set(DOMAIN_CHECKS.map((check) => check.name)).size).toBe(DOMAIN_CHECKS.length);
  });
});
