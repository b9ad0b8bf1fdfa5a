import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GenEnvError, resolveConfig, resumeCoevolution, runCoevolution, runComparison } from 'genenv';
import { buildProgram } from '../../src/cli/main.ts';

// The library speaks in its own words (issue 59): no message it throws names a flag of genenv's command line. The
// command line adds the flags (a remedy's wording, src/composition/exit-status.ts). Held two ways: every error the
// modules behind the public entry construct, read from their source, and the errors of the library's usual
// mistakes, thrown for real.
const root = fileURLToPath(new URL('../..', import.meta.url));
const program = await buildProgram([], { out: () => {}, err: () => {} }, () => {}, true);
/** Every long flag of every genenv command (`--resume`, `--out`, …). */
const FLAGS = new Set(
  [program, ...program.commands].flatMap((command) => command.options.map((option) => option.long ?? '')),
);
FLAGS.delete('');

/** The source files the public entry (src/index.ts) reaches by static and dynamic imports. */
function reachableModules(): string[] {
  const seen = new Set<string>();
  const queue = [join(root, 'src', 'index.ts')];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+\.ts)'/g))
      queue.push(resolve(dirname(file), match[1]!));
  }
  return [...seen];
}

/** The argument text of each `new …Error(…)` and `new StopRequested(…)` in `text` (balanced parentheses). */
function errorArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/new (?:[A-Z]\w*Error|StopRequested)\(/g)) {
    let depth = 1;
    let index = match.index + match[0].length;
    while (depth > 0 && index < text.length) {
      const character = text[index++];
      if (character === '(') depth++;
      else if (character === ')') depth--;
    }
    found.push(text.slice(match.index + match[0].length, index - 1).replace(/\/\/.*$/gm, ''));
  }
  return found;
}

describe('no library error names a command-line flag', () => {
  it('in the source of every module behind the public entry', () => {
    const modules = reachableModules();
    expect(modules.length).toBeGreaterThan(100);
    expect([...FLAGS]).toEqual(expect.arrayContaining(['--resume', '--out', '--epochs', '--preset']));
    const offending = modules.flatMap((file) =>
      errorArguments(readFileSync(file, 'utf8')).flatMap((argument) =>
        [...argument.matchAll(/--[a-z][a-z-]*/g)]
          .map((flag) => flag[0])
          .filter((flag) => FLAGS.has(flag))
          .map((flag) => `${relative(root, file)}: ${flag} in ${argument.replace(/\s+/g, ' ').slice(0, 120)}`),
      ),
    );
    expect(offending).toEqual([]);
  });

  const folder = mkdtempSync(join(tmpdir(), 'genenv-voice-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  /** The message of what `attempt` throws (it must throw a GenEnvError). */
  async function messageOf(attempt: () => unknown): Promise<string> {
    try {
      await attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(GenEnvError);
      return (error as Error).message;
    }
    throw new Error('expected the call to throw');
  }

  it('in the errors of the usual mistakes, thrown for real', async () => {
    const finished = join(folder, 'finished');
    await runCoevolution({ preset: 'student', epochs: 2 }, { out: finished, report: false });
    const empty = join(folder, 'empty');
    mkdirSync(empty);
    const zero = join(folder, 'zero');
    mkdirSync(zero);
    writeFileSync(join(zero, 'config.json'), readFileSync(join(finished, 'config.json')));
    writeFileSync(join(zero, 'run.sqlite'), '');
    const messages = [
      await messageOf(() => runCoevolution({ preset: 'student', epochs: 2 }, { out: finished })),
      await messageOf(() => resumeCoevolution(join(folder, 'nothing'))),
      await messageOf(() => resumeCoevolution(empty)),
      await messageOf(() => resumeCoevolution(zero)),
      await messageOf(() => resumeCoevolution(finished, { epochs: 1 })),
      await messageOf(() => resolveConfig({ preset: 'student', epochs: 0 })),
      await messageOf(() => runComparison({ preset: 'student', variants: [], seeds: [1], out: join(folder, 'c') })),
      await messageOf(() => runComparison({ preset: 'student', variants: ['genenv'], seeds: [], out: folder })),
    ];
    for (const message of messages) expect(message).not.toMatch(/--[a-z]/);
    expect(messages[0]).toBe(`${finished} already holds a run`);
  });
});
