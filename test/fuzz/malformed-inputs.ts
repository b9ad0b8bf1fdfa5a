/**
 * Generated malformed input for the fuzz suite (input-fuzz.test.ts): config files, command lines and damage done to
 * a finished run's files. Every config and command line here is invalid by construction (each carries at least one
 * mistake the run config or a flag parser must refuse), so the suite can demand exit 2 of each; the damage to files
 * may leave them readable, so there the suite admits a resume that succeeds. Drawn with fast-check from fixed seeds,
 * so every run of the suite tries the same inputs.
 */
import fc from 'fast-check';
import {
  ArithmeticOptionsSchema,
  ParametricOptionsSchema,
  RunConfigSchema,
  StudentOptionsSchema,
} from '../../src/index.ts';
import { RETIRED_OPTION_KEYS } from '../../src/interfaces/retired-options.ts';

/**
 * A valid config of the student preset, small enough that a run of it would take a fraction of a second. It names its
 * preset itself, so that a mistake in the name is the config's own.
 */
export const SMALL_CONFIG: Readonly<Record<string, unknown>> = {
  preset: 'student',
  epochs: 1,
  tasksPerEpoch: 2,
  variations: 1,
  samples: 2,
  heldOutLimit: 4,
};

/** The keys each object of a student run config knows, by its path. */
const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  '': [...Object.keys(RunConfigSchema.shape), ...RETIRED_OPTION_KEYS],
  agent: ['policy', 'options'],
  simulator: ['policy', 'options'],
  domain: ['name', 'options'],
  'agent.options': Object.keys(StudentOptionsSchema.shape),
  'simulator.options': Object.keys(ParametricOptionsSchema.shape),
  'domain.options': Object.keys(ArithmeticOptionsSchema.shape),
};
const LEVELS = Object.keys(KNOWN_KEYS);

/** Numbers outside each numeric field's range (or of the wrong kind: a fraction where an integer is due). */
const OUT_OF_RANGE: Readonly<Record<string, readonly number[]>> = {
  epochs: [0, -1, 1.5, 1e9],
  seed: [-1, 2 ** 31, 0.5, -1e20],
  tasksPerEpoch: [0, 1e6, 2.5],
  variations: [0, 2000, 1.1],
  samples: [0, 2000, -3],
  alpha: [0, 1, -0.1, 2],
  beta: [0, -1, 1e7],
  kMin: [-0.1, 1.1],
  lambda: [-1, 1e4],
  frontierShare: [-0.1, 1.5],
  frontierDecay: [0, 1.5],
  temperature: [-1, 11],
  replayFraction: [-0.5, 2],
  rehearsal: [-1, 1e6, 0.5],
  evaluateEvery: [0, 0.5],
  heldOutLimit: [0, -4, 1.5],
  warmStartValidation: [0.6, -0.1],
  familyWindow: [0, 1e6],
};

const ENUMS = [
  'variant',
  'weightNormalization',
  'rwrFilter',
  'difficultyScorer',
  'successPooling',
  'frontierScorer',
  'frontierPriorMean',
  'frontierCalibrateScope',
  'successEstimator',
];

/** A key the object at `level` does not know: a typo of one of its keys, or any other name. */
const unknownKey = (level: string) =>
  fc
    .oneof(
      fc
        .tuple(fc.constantFrom(...KNOWN_KEYS[level]!), fc.nat(30), fc.constantFrom('drop', 'double', 'swap', 'case'))
        .map(([key, at, kind]) => {
          const index = at % key.length;
          if (kind === 'drop') return key.slice(0, index) + key.slice(index + 1);
          if (kind === 'double') return key.slice(0, index) + key[index] + key.slice(index);
          if (kind === 'swap' && index + 1 < key.length)
            return key.slice(0, index) + key[index + 1] + key[index] + key.slice(index + 2);
          return key.toUpperCase();
        }),
      fc.string({ minLength: 1, maxLength: 24 }),
      fc.constantFrom('__proto__x', 'constructor', 'toString', 'option', 'opts', 'Options', ''),
    )
    .filter((key) => !KNOWN_KEYS[level]!.includes(key));

/** A JSON value of no particular shape. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Sets `value` at `path` (dot-separated) inside a copy of `config`, making the objects on the way. */
function setAt(config: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = structuredClone(config);
  let here = copy;
  for (const part of path.slice(0, -1)) {
    const next = here[part];
    here[part] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    here = here[part] as Record<string, unknown>;
  }
  Object.defineProperty(here, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A wrong JSON type for a field whose valid values are of `kind`. */
const wrongType = (kind: 'number' | 'string' | 'boolean' | 'object') =>
  fc.oneof(
    ...(kind !== 'number' ? [fc.double({ noNaN: true, noDefaultInfinity: true })] : []),
    ...(kind !== 'string' ? [fc.string({ maxLength: 12 })] : []),
    ...(kind !== 'boolean' ? [fc.boolean()] : []),
    fc.array(anyJson, { maxLength: 3 }),
    ...(kind !== 'object' ? [fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 })] : []),
    fc.constant(null),
  );

/** The kind of each top-level field's valid values, read from the student preset's resolved config. */
function fieldKinds(resolved: Record<string, unknown>): [string, 'number' | 'string' | 'boolean' | 'object'][] {
  return Object.entries(resolved).flatMap(([key, value]) => {
    if (Array.isArray(value) || value === undefined) return [];
    const kind = typeof value;
    return kind === 'number' || kind === 'string' || kind === 'boolean' || kind === 'object'
      ? [[key, kind] as [string, 'number' | 'string' | 'boolean' | 'object']]
      : [];
  });
}

/** One mistake in a config object, which the run config must refuse. */
function configMistake(resolved: Record<string, unknown>) {
  const kinds = fieldKinds(resolved);
  return fc.oneof(
    fc
      .constantFrom(...LEVELS)
      .chain((level) => fc.tuple(fc.constant(level), unknownKey(level), anyJson))
      .map(
        ([level, key, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [...(level ? level.split('.') : []), key], value),
      ),
    fc
      .constantFrom(...kinds)
      .chain(([key, kind]) => fc.tuple(fc.constant(key), wrongType(kind)))
      .map(
        ([key, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [key], value),
      ),
    fc
      .constantFrom(...Object.entries(OUT_OF_RANGE))
      .chain(([key, values]) => fc.tuple(fc.constant(key), fc.constantFrom(...values)))
      .map(
        ([key, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [key], value),
      ),
    fc
      .tuple(fc.constantFrom(...ENUMS), fc.string({ minLength: 1, maxLength: 16 }))
      .filter(
        ([key, value]) =>
          !(RunConfigSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)[key]!.safeParse(
            value,
          ).success,
      )
      .map(
        ([key, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [key], value),
      ),
    fc
      .constantFrom('agent', 'simulator', 'domain')
      .chain((part) => fc.tuple(fc.constant(part), wrongType('object')))
      .map(
        ([part, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [part], value),
      ),
    fc
      .tuple(fc.constantFrom('preset'), fc.string({ minLength: 1, maxLength: 40 }))
      .filter(([, name]) => !['student', 'ladder', 'toolworld', 'household', 'travel', 'multihop'].includes(name))
      .map(
        ([key, value]) =>
          (config: Record<string, unknown>) =>
            setAt(config, [key], value),
      ),
  );
}

/** A config file's text that the run refuses: an object with one to three mistakes, or text that is no config. */
export function malformedConfigTexts(resolved: Record<string, unknown>, count: number, seed: number): string[] {
  const mistakes = fc.array(configMistake(resolved), { minLength: 1, maxLength: 3 });
  const valid = JSON.stringify(SMALL_CONFIG);
  const arbitrary = fc.oneof(
    {
      weight: 8,
      arbitrary: mistakes.map((edits) =>
        JSON.stringify(edits.reduce((config, edit) => edit(config), { ...SMALL_CONFIG })),
      ),
    },
    // Not an object at all.
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.array(anyJson, { maxLength: 3 }), fc.string(), fc.double(), fc.constant(null))
        .map((value) => JSON.stringify(value)),
    },
    // Not JSON: cut short, garbage after it, a byte-order mark before garbage, comments, single quotes, nothing.
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.nat(valid.length - 1).map((length) => valid.slice(0, length)),
        fc
          .string({ minLength: 1, maxLength: 8 })
          .filter((tail) => tail.trim() !== '')
          .map((tail) => `${valid}${tail}x`),
        fc.string({ maxLength: 20 }).map((text) => `\uFEFF{${text}`),
        fc.constantFrom(
          '',
          '   ',
          '{/* a comment */}',
          "{'epochs': 1}",
          '{"epochs": NaN}',
          '{"epochs": 1,}',
          '\u0000\u0001',
        ),
      ),
    },
    // Deeply nested: under an unknown key, or as the whole file.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 50, max: 20000 })
        .map((depth) =>
          depth % 2
            ? `{"agent":{"options":${'{"deep":'.repeat(depth)}1${'}'.repeat(depth)}}}`
            : '['.repeat(depth) + ']'.repeat(depth),
        ),
    },
  );
  return fc.sample(arbitrary, { seed, numRuns: count });
}

/** A command and the flags that must fail it, with the kind of mistake. */
interface Poison {
  command: string;
  flags: string[];
}

const INTEGER_FLAGS = ['--epochs', '--seed', '--tasks-per-epoch', '--variations', '--samples', '--rehearsal'];
const NUMBER_FLAGS = ['--alpha', '--beta', '--k-min', '--lambda', '--frontier-share', '--replay-fraction'];
const NOT_INTEGERS = ['0x10', '1e2', '1.5', '-', '', ' ', 'NaN', '١٢', '+', '0b1', '0o7', '12abc', 'Infinity', '1_000'];
const NOT_NUMBERS = ['abc', 'Infinity', '-Infinity', '1e999', '0x1', '', '.', '1..2', '--', 'one'];

/** A flag mistake each of these commands refuses before it does anything. */
const poison: fc.Arbitrary<Poison> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('run', 'compare', 'serve'),
      fc.constantFrom(...INTEGER_FLAGS),
      fc.constantFrom(...NOT_INTEGERS),
    )
    .filter(([command, flag]) => !(command === 'serve' && flag === '--rehearsal'))
    .map(([command, flag, value]) => ({ command, flags: [flag, value] })),
  fc
    .tuple(fc.constantFrom('run', 'compare'), fc.constantFrom(...NUMBER_FLAGS), fc.constantFrom(...NOT_NUMBERS))
    .map(([command, flag, value]) => ({ command, flags: [flag, value] })),
  fc
    .tuple(fc.constantFrom('run', 'compare', 'serve', 'report', 'eval'), fc.stringMatching(/^--[a-z][a-z-]{0,14}$/))
    .filter(([, flag]) => !KNOWN_FLAGS.has(flag))
    .map(([command, flag]) => ({ command, flags: [flag] })),
  fc.tuple(fc.constantFrom('run', 'compare'), fc.constantFrom(...RETIRED_OPTION_KEYS)).map(([command, key]) => ({
    command,
    flags: [`--${key.replace(/[A-Z]/g, (letter: string) => `-${letter.toLowerCase()}`)}`, '2'],
  })),
  fc.constantFrom<Poison>(
    { command: 'run', flags: ['--alpha', '1'] },
    { command: 'run', flags: ['--epochs', '0'] },
    { command: 'run', flags: ['--samples', '0'] },
    { command: 'run', flags: ['--world-seed', '-1'] },
    // The student preset's world has no world seed and no width.
    { command: 'run', flags: ['--preset', 'student', '--world-seed', '5'] },
    { command: 'run', flags: ['--preset', 'student', '--width', '3'] },
    { command: 'run', flags: ['--variant', 'nonesuch'] },
    { command: 'run', flags: ['--preset', 'studnet'] },
    { command: 'run', flags: ['--difficulty-scorer', 'linear'] },
    { command: 'run', flags: ['--resume'] },
    { command: 'run', flags: ['stray'] },
    { command: 'run', flags: ['--config'] },
    { command: 'compare', flags: ['--parallel', '0'] },
    { command: 'compare', flags: ['--seeds', '5-1'] },
    { command: 'compare', flags: ['--seeds', '0'] },
    { command: 'compare', flags: ['--seeds', '1,1'] },
    { command: 'compare', flags: ['--variants', 'genenv,nope'] },
    { command: 'compare', flags: ['--job-list', 'jobs.txt', '--collect'] },
    { command: 'serve', flags: ['--port', '-1x'] },
    { command: 'serve', flags: ['--host', '0.0.0.0'] },
    { command: 'serve', flags: ['--variant', 'static'] },
    { command: 'eval', flags: ['--benchmark', 'mmlu', '--policy', 'oracle'] },
    { command: 'eval', flags: ['--limit', '0'] },
    { command: 'data', flags: ['fetch', 'nonesuch'] },
    { command: 'data', flags: ['juggle'] },
    { command: 'report', flags: ['/nonexistent/genenv/folder'] },
    { command: 'fly', flags: [] },
  ),
);

/** Valid flags that may stand beside a mistake, for the commands that take them. */
const FILLER: Readonly<Record<string, readonly string[][]>> = {
  run: [['--preset', 'student'], ['--seed', '3'], ['--quiet'], ['--no-report'], ['--epochs', '1'], ['--alpha', '0.4']],
  compare: [['--preset', 'student'], ['--seeds', '2'], ['--quiet'], ['--variants', 'genenv,random'], ['--epochs', '1']],
  serve: [
    ['--preset', 'student'],
    ['--port', '0'],
    ['--epochs', '1'],
  ],
};

/** Every long flag genenv's commands take (the poison's unknown flags must not be one). */
let KNOWN_FLAGS: ReadonlySet<string> = new Set();

/** Command lines each of which some command refuses: a mistake, with valid flags around it in any order. */
export function malformedCommandLines(knownFlags: ReadonlySet<string>, count: number, seed: number): string[][] {
  KNOWN_FLAGS = knownFlags;
  const line = poison.chain(({ command, flags }) =>
    fc
      // A flag given twice takes its last value: no filler may repeat the mistake's flag and so correct it.
      .subarray((FILLER[command] ?? []).filter((filler) => !flags.includes(filler[0]!)))
      .chain((filler) =>
        fc.shuffledSubarray([...filler, flags], { minLength: filler.length + 1, maxLength: filler.length + 1 }),
      )
      .map((groups) => [command, ...groups.flat()]),
  );
  return fc.sample(line, { seed, numRuns: count });
}

/** Ways to damage a finished run's folder before it is resumed or reported. */
export type Damage =
  | { kind: 'truncate-database'; fraction: number }
  | { kind: 'empty-database' }
  | { kind: 'random-database'; bytes: number; seed: number }
  | { kind: 'flip-database'; flips: number; seed: number }
  | { kind: 'edit-config'; key: string; value: unknown }
  | { kind: 'cut-config'; fraction: number }
  | { kind: 'remove-file'; name: 'config.json' | 'run.sqlite' }
  | { kind: 'garbage-metrics'; lines: string[] }
  | { kind: 'garbage-summary'; text: string }
  | { kind: 'garbage-task-file'; lines: string[] };

/** A line that is not a JSON value. */
const notJsonLine = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return !text.includes('\n');
  }
});

/** `count` ways to damage a finished run's files. */
export function damages(count: number, seed: number): Damage[] {
  const damage: fc.Arbitrary<Damage> = fc.oneof(
    fc
      .double({ min: 0, max: 0.999, noNaN: true })
      .map((fraction) => ({ kind: 'truncate-database' as const, fraction })),
    fc.constant({ kind: 'empty-database' as const }),
    fc
      .tuple(fc.integer({ min: 1, max: 200_000 }), fc.nat())
      .map(([bytes, at]) => ({ kind: 'random-database' as const, bytes, seed: at })),
    fc
      .tuple(fc.integer({ min: 1, max: 16 }), fc.nat())
      .map(([flips, at]) => ({ kind: 'flip-database' as const, flips, seed: at })),
    fc
      .tuple(fc.constantFrom('seed', 'epochs', 'alpha', 'variant', 'agent', 'domain', 'preset'), anyJson)
      .map(([key, value]) => ({ kind: 'edit-config' as const, key, value })),
    fc.double({ min: 0, max: 0.999, noNaN: true }).map((fraction) => ({ kind: 'cut-config' as const, fraction })),
    fc
      .constantFrom('config.json' as const, 'run.sqlite' as const)
      .map((name) => ({ kind: 'remove-file' as const, name })),
    fc
      .array(
        fc.oneof(
          notJsonLine,
          anyJson.map((value) => JSON.stringify(value)),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .chain((lines) => notJsonLine.map((bad) => ({ kind: 'garbage-metrics' as const, lines: [...lines, bad] }))),
    fc
      .oneof(
        notJsonLine,
        anyJson.map((value) => JSON.stringify(value)),
      )
      .map((text) => ({ kind: 'garbage-summary' as const, text })),
    fc
      .array(
        fc.oneof(
          notJsonLine,
          anyJson.map((value) => JSON.stringify(value)),
        ),
        { maxLength: 4 },
      )
      .chain((lines) => notJsonLine.map((bad) => ({ kind: 'garbage-task-file' as const, lines: [...lines, bad] }))),
  );
  return fc.sample(damage, { seed, numRuns: count });
}
