import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { sourceFingerprint } from '../../bin/source-fingerprint.js';

const repository = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A checkout laid out as genenv's (a .git folder beside it), with the real bin/ and stand-in entry points that say
 * where they run from: src/cli/main.ts (through tsx) and dist/cli/main.js.
 */
function fakePackage(): string {
  const root = mkdtempSync(join(tmpdir(), 'genenv-dist-choice-'));
  mkdirSync(join(root, '.git'));
  cpSync(join(repository, 'bin'), join(root, 'bin'), { recursive: true });
  symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{"type": "module"}\n');
  for (const name of ['tsconfig.json', 'tsconfig.build.json']) writeFileSync(join(root, name), '{}\n');
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  const main = (where: string) =>
    `export async function main(): Promise<number> {\n  process.stdout.write('${where}');\n  return 0;\n}\n`;
  writeFileSync(join(root, 'src', 'cli', 'main.ts'), main('sources'));
  mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
  writeFileSync(join(root, 'dist', 'cli', 'main.js'), main('dist').replace(': Promise<number>', ''));
  return root;
}

/** Records the sources' fingerprint in dist/ as the build does. */
function build(root: string): void {
  writeFileSync(join(root, 'dist', 'source-fingerprint.txt'), `${sourceFingerprint(root)}\n`);
}

function runsFrom(root: string, environment: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'genenv.js')], {
    encoding: 'utf8',
    env: { ...process.env, ...environment },
  });
  expect(result.stderr).toBe('');
  return result.stdout;
}

/** Moves a file's modification time one minute on, as an edit would. */
function edit(path: string): void {
  const later = new Date(Date.now() + 60_000);
  utimesSync(path, later, later);
}

describe('bin/genenv.js runs dist/ only when it was built from the sources as they are', () => {
  let root: string;
  beforeEach(() => {
    root = fakePackage();
    build(root);
  });

  it('runs dist/ when built from the current sources', () => {
    expect(runsFrom(root)).toBe('dist');
  });

  it('runs the sources without a build, after an edit, an added or a removed file', () => {
    rmSync(join(root, 'dist', 'source-fingerprint.txt'));
    expect(runsFrom(root)).toBe('sources');
    build(root);
    edit(join(root, 'src', 'cli', 'main.ts'));
    expect(runsFrom(root)).toBe('sources');
    build(root);
    writeFileSync(join(root, 'src', 'cli', 'added.ts'), 'export {};\n');
    edit(join(root, 'src', 'cli'));
    expect(runsFrom(root)).toBe('sources');
    build(root);
    rmSync(join(root, 'src', 'cli', 'added.ts'));
    edit(join(root, 'src', 'cli'));
    expect(runsFrom(root)).toBe('sources');
    build(root);
    expect(runsFrom(root)).toBe('dist');
  });

  it('ignores what dist/ does not hold (tests) and obeys GENENV_FROM_SOURCE', () => {
    writeFileSync(join(root, 'src', 'cli', 'main.test.ts'), 'export {};\n');
    edit(join(root, 'src', 'cli', 'main.test.ts'));
    build(root);
    edit(join(root, 'src', 'cli', 'main.test.ts'));
    expect(runsFrom(root)).toBe('dist');
    expect(runsFrom(root, { GENENV_FROM_SOURCE: '1' })).toBe('sources');
  });

  it('runs the dist/ an installed package (no .git) was packed with, whatever the file times', () => {
    rmSync(join(root, '.git'), { recursive: true });
    edit(join(root, 'src', 'cli', 'main.ts'));
    expect(runsFrom(root)).toBe('dist');
    rmSync(join(root, 'dist', 'source-fingerprint.txt'));
    expect(runsFrom(root)).toBe('sources');
  });
});
