import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/library.md kept true: every TypeScript block is type-checked against the package's entry (`genenv`, mapped to
 * src/index.ts as the repository's tsconfig maps it) and run in order, as programs of their own in one scratch folder
 * (the report block reads the run the first block made); the service block talks to a `genenv serve` started for it.
 * The shell blocks name the package as package.json does.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs', 'library.md'), 'utf8');
const packageName = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string }).name;

/** The fenced code blocks of a Markdown text: their language and their text. */
function codeBlocks(markdown: string): { language: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1]!,
    code: match[2]!,
  }));
}

const blocks = codeBlocks(page);
const programs = blocks.filter((block) => block.language === 'ts').map((block) => block.code);
const folder = mkdtempSync(join(tmpdir(), 'genenv-library-page-'));
const services: ChildProcess[] = [];
afterAll(() => {
  for (const service of services) service.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** The address where the service block expects `genenv serve`. */
const DOCUMENTED_SERVICE = 'http://127.0.0.1:8000';

/** Starts `genenv serve` on a free port; resolves with its address once it listens. */
function startService(): Promise<string> {
  const args = ['bin/genenv.js', 'serve', '--preset', 'student', '--port', '0', '--out', join(folder, 'served')];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  services.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`genenv serve exited (${code}): ${output.trim()}`)));
  });
}

describe('docs/library.md', () => {
  it('has its blocks: an install line, and programs for each part of the library', () => {
    expect(programs.length).toBeGreaterThanOrEqual(6);
    for (const name of ['runCoevolution', 'resumeCoevolution', 'resolveConfig', 'createBuiltinAgent', 'defineDomain'])
      expect(
        programs.some((code) => code.includes(name)),
        name,
      ).toBe(true);
    expect(programs.some((code) => code.includes('ServeClient') && code.includes(DOCUMENTED_SERVICE))).toBe(true);
    expect(programs.some((code) => code.includes('buildReport'))).toBe(true);
    const shell = blocks.filter((block) => block.language === 'sh').flatMap((block) => block.code.trim().split('\n'));
    expect(shell).toEqual([`npm install ${packageName}`]);
    expect(blocks.every((block) => ['ts', 'sh'].includes(block.language))).toBe(true);
  });

  it('type-checks every program against the entry', { timeout: 240_000 }, () => {
    const files = programs.map((code, index) => {
      const file = join(folder, `block-${index + 1}.ts`);
      writeFileSync(file, code);
      return file;
    });
    // A user's project: ES modules, Node's types (from the repository: the scratch folder has no node_modules).
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
    const compilerOptions = { typeRoots: [join(root, 'node_modules', '@types')] };
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ extends: join(root, 'tsconfig.json'), compilerOptions, include: [], files }),
    );
    const compiler = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [compiler, '--noEmit', '-p', join(folder, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs every program in order, the service block against a live genenv serve', { timeout: 480_000 }, async () => {
    const service = await startService();
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    for (const [index, code] of programs.entries()) {
      const file = join(folder, `run-${index + 1}.ts`);
      writeFileSync(file, code.replaceAll(DOCUMENTED_SERVICE, service));
      const result = spawnSync(tsx, ['--tsconfig', join(folder, 'tsconfig.json'), file], {
        cwd: folder,
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(result.status, `block ${index + 1}:\n${code}\n${result.stdout}${result.stderr}`).toBe(0);
    }
  });
});
