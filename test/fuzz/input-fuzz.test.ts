import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from 'genenv';
import { main } from '../../src/cli/main.ts';
import { buildProgram } from '../../src/cli/main.ts';
import { Random } from '../../src/util/random.ts';
import { type Damage, damages, malformedCommandLines, malformedConfigTexts, SMALL_CONFIG } from './malformed-inputs.ts';

// Bad input never crashes genenv nor starts the wrong run (issue 60 item 7): thousands of generated malformed config
// files, command lines and damaged run folders go through the command line's own entry (main, in this process, as
// `genenv …` runs it). Each must end with exit 0 or 2 and at most one line on stderr, never a stack trace; a refused
// start must leave no folder behind, and a refused resume must leave the run's results as they were.
const root = mkdtempSync(join(tmpdir(), 'genenv-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CONFIGS = 4500;
const COMMAND_LINES = 3500;
const DAMAGED_FOLDERS = 2000;

/** What one command line did: its exit code and what it wrote on each stream. */
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `genenv <args>` in this process, capturing both streams. */
async function genenv(args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** The tally a closing note reports: inputs tried, exit codes seen, stack traces and folders left behind. */
const tally = { inputs: 0, exitCodes: {} as Record<string, number>, stackTraces: 0, foldersLeft: 0, multiLine: 0 };

/** Checks one outcome against the suite's rule and counts it; `refusalLeaves` says whether a refusal left anything. */
function record(label: string, outcome: Outcome, allowed: readonly number[], refusalLeaves = false): void {
  tally.inputs++;
  tally.exitCodes[outcome.code] = (tally.exitCodes[outcome.code] ?? 0) + 1;
  const stack = /\n\s+at |^\s+at .*:\d+:\d+/m.test(outcome.stderr);
  if (stack) tally.stackTraces++;
  const lines = outcome.stderr.trim() === '' ? 0 : outcome.stderr.trim().split('\n').length;
  if (outcome.code !== 0 && lines !== 1) tally.multiLine++;
  if (outcome.code !== 0 && refusalLeaves) tally.foldersLeft++;
  expect(allowed, `${label}: exit ${outcome.code}: ${outcome.stderr}`).toContain(outcome.code);
  expect(stack, `${label}: ${outcome.stderr}`).toBe(false);
  if (outcome.code !== 0) expect(lines, `${label}: ${outcome.stderr}`).toBe(1);
  expect(refusalLeaves && outcome.code !== 0, `${label}: a folder was left behind`).toBe(false);
}

afterAll(() => {
  // The counts the closing note reports.
  console.info(`fuzz: ${JSON.stringify(tally)}`);
});

describe('malformed config files', () => {
  it(`${CONFIGS} generated configs are each refused in one line, exit 2, with no run folder made`, {
    timeout: 900_000,
  }, async () => {
    const resolved = resolveConfig({ preset: 'student' }) as unknown as Record<string, unknown>;
    const texts = malformedConfigTexts(resolved, CONFIGS, 60_1);
    const file = join(root, 'config.json');
    for (const [index, text] of texts.entries()) {
      writeFileSync(file, text);
      const out = join(root, `config-run-${index}`);
      // The config names its preset itself (SMALL_CONFIG), so that a mistake in the name is the config's own.
      const outcome = await genenv(['run', '--config', file, '--out', out, '--quiet', '--no-report']);
      record(`config ${index} ${text.slice(0, 200)}`, outcome, [2], existsSync(out));
    }
  });
});

describe('malformed command lines', () => {
  it(`${COMMAND_LINES} generated command lines are each refused in one line, exit 2, with no folder made`, {
    timeout: 900_000,
  }, async () => {
    const program = await buildProgram([], { out: () => {}, err: () => {} }, () => {}, true);
    const flags = new Set(
      [program, ...program.commands].flatMap((command) => command.options.map((option) => option.long ?? '')),
    );
    const lines = malformedCommandLines(flags, COMMAND_LINES, 60_2);
    for (const [index, line] of lines.entries()) {
      const out = join(root, `line-${index}`);
      const args = ['run', 'compare', 'serve'].includes(line[0]!) ? [...line, '--out', out] : line;
      const outcome = await genenv(args);
      record(`line ${index}: genenv ${args.join(' ')}`, outcome, [2], existsSync(out));
    }
  });

  it('help and version answer with exit 0', async () => {
    for (const args of [['--help'], ['--version'], ['run', '--help'], ['compare', '--help'], ['help', 'serve']]) {
      const outcome = await genenv(args);
      record(`genenv ${args.join(' ')}`, outcome, [0]);
      expect(outcome.stdout.length).toBeGreaterThan(0);
    }
  });
});

describe('damaged files read back', () => {
  const finished = join(root, 'finished');
  beforeAll(async () => {
    const file = join(root, 'small.json');
    writeFileSync(file, JSON.stringify({ ...SMALL_CONFIG, epochs: 2 }));
    const outcome = await genenv([
      'run',
      '--preset',
      'student',
      '--config',
      file,
      '--out',
      finished,
      '--quiet',
      '--no-report',
    ]);
    expect(outcome.code, outcome.stderr).toBe(0);
  });

  /** Applies `damage` to a fresh copy of the finished run; returns the copy and the command that reads it back. */
  function damaged(damage: Damage, index: number): { folder: string; args: string[]; kept: string[] } {
    const folder = join(root, `damaged-${index}`);
    cpSync(finished, folder, { recursive: true });
    const database = join(folder, 'run.sqlite');
    const config = join(folder, 'config.json');
    const resume = ['run', '--resume', folder, '--quiet', '--no-report'];
    const results = ['metrics.jsonl', 'summary.json'];
    switch (damage.kind) {
      case 'truncate-database':
        truncateSync(database, Math.floor(statSync(database).size * damage.fraction));
        return { folder, args: resume, kept: results };
      case 'empty-database':
        writeFileSync(database, '');
        return { folder, args: resume, kept: results };
      case 'random-database': {
        const random = new Random(damage.seed);
        writeFileSync(
          database,
          Uint8Array.from({ length: damage.bytes }, () => random.int(0, 255)),
        );
        return { folder, args: resume, kept: results };
      }
      case 'flip-database': {
        const bytes = readFileSync(database);
        const random = new Random(damage.seed);
        for (let flip = 0; flip < damage.flips; flip++) {
          const at = random.int(0, bytes.length - 1);
          bytes[at] = bytes[at]! ^ (1 << random.int(0, 7));
        }
        writeFileSync(database, bytes);
        return { folder, args: resume, kept: [] };
      }
      case 'edit-config': {
        const stored = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>;
        writeFileSync(config, JSON.stringify({ ...stored, [damage.key]: damage.value }));
        return { folder, args: resume, kept: results };
      }
      case 'cut-config': {
        const text = readFileSync(config, 'utf8');
        writeFileSync(config, text.slice(0, Math.floor(text.length * damage.fraction)));
        return { folder, args: resume, kept: results };
      }
      case 'remove-file':
        rmSync(join(folder, damage.name));
        return { folder, args: resume, kept: results };
      case 'garbage-metrics': {
        const path = join(folder, 'metrics.jsonl');
        writeFileSync(path, `${readFileSync(path, 'utf8')}${damage.lines.join('\n')}\n`);
        return { folder, args: ['report', folder], kept: [] };
      }
      case 'garbage-summary':
        writeFileSync(join(folder, 'summary.json'), damage.text);
        return { folder, args: ['report', folder], kept: [] };
      case 'garbage-task-file': {
        const tasks = join(folder, 'tasks.jsonl');
        writeFileSync(tasks, `${damage.lines.join('\n')}\n`);
        const out = join(folder, 'offline-run');
        return {
          folder: out,
          args: [
            'run',
            '--preset',
            'student',
            '--variant',
            'offline',
            '--offline-source',
            tasks,
            '--out',
            out,
            '--quiet',
          ],
          kept: [],
        };
      }
    }
  }

  it(`${DAMAGED_FOLDERS} damaged run folders: each resume or report ends with exit 0 or 2, and a refusal loses nothing`, {
    timeout: 900_000,
  }, async () => {
    for (const [index, damage] of damages(DAMAGED_FOLDERS, 60_3).entries()) {
      const { folder, args, kept } = damaged(damage, index);
      const before = kept.map((name) => readFileSync(join(folder, name), 'utf8'));
      const outcome = await genenv(args);
      const offlineLeft = damage.kind === 'garbage-task-file' && existsSync(folder);
      record(
        `damage ${index} ${JSON.stringify(damage).slice(0, 200)}: genenv ${args.join(' ')}`,
        outcome,
        [0, 2],
        offlineLeft,
      );
      if (outcome.code === 2)
        expect(
          kept.map((name) => readFileSync(join(folder, name), 'utf8')),
          `damage ${index}: results changed`,
        ).toEqual(before);
      if (!offlineLeft)
        rmSync(damage.kind === 'garbage-task-file' ? join(folder, '..') : folder, { recursive: true, force: true });
    }
  });

  it('counts at least 10,000 inputs in all', () => {
    expect(tally.inputs).toBeGreaterThanOrEqual(CONFIGS + COMMAND_LINES + DAMAGED_FOLDERS);
    mkdirSync(join(root, 'done'), { recursive: true });
  });
});
