/**
 * defineDomain infers what a world states once, and a mistake in a world is one error where it is written. Each
 * `@ts-expect-error` marks a mistake that must not type-check (`tsc --noEmit -p .` fails when it becomes accepted, and
 * also when it gives an error on another line); `expectTypeOf` holds what must be inferred.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { type Domain, defineDomain, type DomainOptionsOf, type Random, type TaskInstance, z } from 'genenv';

const LengthSpec = z.strictObject({ letters: z.number().int().min(2).max(8) });
type Length = z.infer<typeof LengthSpec>;
interface Word {
  word: string;
}

/** The parts of a one-knob world every test here shares: a spec of a word's length, its text `letters <n>`. */
const lengthParts = {
  version: '1',
  specSchema: LengthSpec,
  knobs: [{ name: 'letters', description: 'letters in the word', values: [2, 3, 4, 5, 6, 7, 8] }],
  specFromKnobs: (values: Record<string, string | number>) => {
    const parsed = LengthSpec.safeParse({ letters: Number(values.letters) });
    return parsed.success ? { ok: true as const, value: parsed.data } : { ok: false as const, reason: 'out of range' };
  },
  formatSpec: (spec: Length) => `letters ${spec.letters}`,
  parseSpec: (text: string) => {
    const parsed = LengthSpec.safeParse({ letters: Number(/^letters (\d)$/.exec(text)?.[1]) });
    return parsed.success ? { ok: true as const, value: parsed.data } : { ok: false as const, reason: 'not a length' };
  },
  family: () => 'words',
  features: (spec: Length) => ({ difficulty: spec.letters }),
  render: (instance: TaskInstance<Word>) => ({
    id: instance.id,
    family: instance.family,
    text: instance.payload.word,
    messages: [],
    reference: { answer: instance.payload.word, difficulty: instance.features.difficulty ?? 0 },
  }),
  score: () => ({ reward: 0, success: false }),
};

const word = (spec: Length, index: number): Word => ({
  word: 'ab'.repeat(spec.letters).slice(0, spec.letters + index),
});

describe('defineDomain', () => {
  it('reads the held-out distribution from drawSpec, and refuses a set of another type there', () => {
    const world = defineDomain({
      name: 'lengths',
      world: () => ({
        ...lengthParts,
        variation: (spec, seed, index) => ({ ok: true, instance: { id: `${seed}-${index}`, payload: word(spec, 0) } }),
        seeds: () => [{ id: 's0', spec: { letters: 2 } }],
        heldOut: {
          seed: 1,
          version: '1',
          size: 4,
          testId: [2, 3],
          // @ts-expect-error: drawSpec draws from lengths, a number[].
          testHard: 'six to eight',
          drawSpec: (lengths: number[], random: Random) => ({ letters: random.pick(lengths) }),
        },
      }),
    });
    expectTypeOf(world).returns.toEqualTypeOf<Domain<Length, Word>>();
  });

  it('lets a variation give its id and payload alone, and a seed its id and spec, typed from the spec', () => {
    const world = defineDomain({
      name: 'lengths',
      options: z.strictObject({ seedTasks: z.number().int().min(1).default(3) }),
      world: ({ seedTasks }) => ({
        ...lengthParts,
        // A world of options reads its spec's type from its own specFromKnobs and parseSpec, written before the
        // functions that take a spec (TypeScript infers within a function's body from its context-sensitive parts).
        parseSpec: (text) => lengthParts.parseSpec(text),
        variation: (spec, seed, index) => {
          expectTypeOf(spec).toEqualTypeOf<Length>();
          return { ok: true, instance: { id: `${spec.letters}-${seed}-${index}`, payload: word(spec, index) } };
        },
        seeds: () =>
          Array.from({ length: seedTasks }, (_, index) => ({ id: `s${index}`, spec: { letters: 2 + index } })),
        heldOut: () => [],
      }),
    });
    expectTypeOf(world).returns.toEqualTypeOf<Domain<Length, Word>>();
    expectTypeOf<DomainOptionsOf<typeof world>>().toEqualTypeOf<{ seedTasks?: number | undefined }>();
    // @ts-expect-error: a misspelled option of the world.
    expectTypeOf(world).toBeCallableWith({ seedTaks: 2 });
  });

  it('gives one error at a wrong seed spec and keeps the payload typed', () => {
    const world = defineDomain({
      name: 'lengths',
      world: () => ({
        ...lengthParts,
        variation: (spec, seed, index) => ({ ok: true, instance: { id: `${seed}-${index}`, payload: word(spec, 0) } }),
        // @ts-expect-error: letters is a number; the only error of this world.
        seeds: () => [{ id: 's0', family: 'words', spec: { letters: 'two' } }],
        heldOut: () => [],
      }),
    });
    expectTypeOf(world).returns.toEqualTypeOf<Domain<Length, Word>>();
  });

  it('refuses a world without options any options', () => {
    const world = defineDomain({
      name: 'lengths',
      world: () => ({
        ...lengthParts,
        variation: (spec, seed, index) => ({ ok: true, instance: { id: `${seed}-${index}`, payload: word(spec, 0) } }),
        seeds: () => [],
        heldOut: () => [],
      }),
    });
    expectTypeOf(world).toBeCallableWith();
    // @ts-expect-error: it takes none.
    expectTypeOf(world).toBeCallableWith({ size: 2 });
  });
});
