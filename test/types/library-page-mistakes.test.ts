import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The mistakes docs/library.md says do not compile, made in the page's own programs: each is refused by exactly one
 * error, on the line of the mistake (test/docs/library-page.test.ts type-checks the programs as they are).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs', 'library.md'), 'utf8');
const programs = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
const programWith = (name: string) => {
  const program = programs.find((code) => code.includes(name));
  if (!program) throw new Error(`docs/library.md has no program with ${name}`);
  return program;
};

/** A mistake: the page's program that holds `find`, with `find` replaced by `mistake`. */
const MISTAKES = [
  { name: 'a misspelled preset', program: 'presets', find: "preset: 'ladder'", mistake: "preset: 'studnet'" },
  {
    name: "a misspelled option of the preset's agent",
    program: 'presets',
    find: 'options: { learningRate: 1e-4 }',
    mistake: 'options: { learningRte: 1e-4 }',
  },
  {
    name: 'a held-out set of another type than drawSpec takes',
    program: 'defineDomain',
    find: 'testId: [2, 3, 4]',
    mistake: "testId: 'three to five'",
  },
  {
    name: 'a wrong seed spec',
    program: 'defineDomain',
    find: 'spec: { letters: 2 + (i % 3) }',
    mistake: 'spec: { letters: String(2 + (i % 3)) }',
  },
  {
    name: "a misspelled option of the world's factory",
    program: 'defineDomain',
    find: 'createReversal({ seedTasks: 12 })',
    mistake: 'createReversal({ seedTaks: 12 })',
  },
  {
    name: "a misspelled option of the world in a run's config",
    program: 'defineDomain',
    find: "domain: { name: 'reversal', options: { seedTasks: 12 } }",
    mistake: "domain: { name: 'reversal', options: { seedTaks: 12 } }",
  },
] as const;

describe('the mistakes docs/library.md says are refused', () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-library-mistakes-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('each give one error, on their line', { timeout: 240_000 }, () => {
    const files = MISTAKES.map((mistake, index) => {
      const program = programWith(mistake.program);
      expect(program, mistake.name).toContain(mistake.find);
      const code = program.replace(mistake.find, mistake.mistake);
      const line = code.slice(0, code.indexOf(mistake.mistake)).split('\n').length;
      const file = join(folder, `mistake-${index + 1}.ts`);
      writeFileSync(file, code);
      return { ...mistake, file, line };
    });
    // A user's project, as test/docs/library-page.test.ts makes it.
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
    const compilerOptions = { typeRoots: [join(root, 'node_modules', '@types')] };
    const tsconfig = {
      extends: join(root, 'tsconfig.json'),
      compilerOptions,
      include: [],
      files: files.map((f) => f.file),
    };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
    const compiler = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [compiler, '--noEmit', '--pretty', 'false', '-p', folder], {
      encoding: 'utf8',
    });
    const errors = [...result.stdout.matchAll(/^(.*?)\((\d+),\d+\): error TS\d+/gm)].map((match) => ({
      file: match[1]!,
      line: Number(match[2]),
    }));
    for (const mistake of files) {
      const lines = errors
        .filter((error) => basename(error.file) === basename(mistake.file))
        .map((error) => error.line);
      expect(lines, `${mistake.name}:\n${result.stdout}`).toEqual([mistake.line]);
    }
  });
});
