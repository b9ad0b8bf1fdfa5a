import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES_HELP } from '../../src/composition/exit-status.ts';
import { BIN, runCli } from '../support/run-cli.ts';

// The exit codes the README and `genenv --help` document, walked over every documented error path of every command
// (issue 60 item 4): 2 for a usage error or invalid input (a flag, a config, a folder that cannot be resumed, an out
// folder that holds a run, a file read back), 1 for a failure while running (a server down, a store that cannot be
// written, benchmark data missing), 130 and 143 for run and compare stopped by SIGINT and SIGTERM, 0 for serve
// stopped by either. Each error is one line on stderr.
const root = mkdtempSync(join(tmpdir(), 'genenv-exit-codes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const STUDENT = ['--preset', 'student', '--epochs', '2', '--quiet', '--no-report'];
const finished = join(root, 'finished');
const empty = join(root, 'empty');
const aFile = join(root, 'a-file');
let busyPort = 0;
let busy: ReturnType<typeof createServer> | null = null;

beforeAll(async () => {
  const made = await runCli(['run', ...STUDENT, '--out', finished]);
  expect(made.code, made.stderr).toBe(0);
  mkdirSync(empty);
  writeFileSync(aFile, 'not a folder');
  const copy = (name: string, damage: (folder: string) => void) => {
    const folder = join(root, name);
    cpSync(finished, folder, { recursive: true });
    damage(folder);
  };
  copy('corrupt-database', (folder) => writeFileSync(join(folder, 'run.sqlite'), 'SQLite format 3\u0000 cut short'));
  copy('corrupt-config', (folder) => writeFileSync(join(folder, 'config.json'), '{"seed": '));
  copy('corrupt-summary', (folder) => writeFileSync(join(folder, 'summary.json'), '[1, 2'));
  writeFileSync(join(root, 'bad-config.json'), '{"epochs": "two"}');
  writeFileSync(join(root, 'unknown-key.json'), '{"agent": {"option": {}}}');
  writeFileSync(
    join(root, 'unreachable.json'),
    JSON.stringify({ simulator: { policy: 'openai:http://127.0.0.1:9/v1#m', options: { maxRetries: 0 } } }),
  );
  busy = createServer();
  await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
}, 120_000);
afterAll(() => busy?.close());

/** One documented error path: the command line, the code it exits with, and what its one line says. */
type Path = [label: string, args: () => string[], code: 1 | 2, line: RegExp];

const PATHS: Path[] = [
  // run
  ['run: an unknown flag', () => ['run', '--bogus'], 2, /unknown option '--bogus'/],
  ['run: a bad flag value', () => ['run', '--epochs', '0x2'], 2, /--epochs expects an integer/],
  ['run: a retired flag', () => ['run', '--oversample', '2'], 2, /--oversample is no longer an option/],
  ['run: an invalid config file', () => ['run', '--config', join(root, 'bad-config.json')], 2, /epochs/],
  [
    'run: an unknown config key',
    () => ['run', '--config', join(root, 'unknown-key.json')],
    2,
    /did you mean agent\.options/,
  ],
  ['run: --resume of a missing folder', () => ['run', '--resume', join(root, 'nothing')], 2, /no such folder/],
  ['run: --resume of a folder that is not a run', () => ['run', '--resume', empty], 2, /holds no run/],
  [
    'run: --resume of a corrupt database',
    () => ['run', '--resume', join(root, 'corrupt-database')],
    2,
    /not a readable run database/,
  ],
  [
    'run: --resume of a corrupt config',
    () => ['run', '--resume', join(root, 'corrupt-config')],
    2,
    /config\.json is not valid JSON/,
  ],
  ['run: --out of a folder that holds a run', () => ['run', ...STUDENT, '--out', finished], 2, /already holds a run/],
  [
    'run: a simulator server that is down',
    () => ['run', ...STUDENT, '--config', join(root, 'unreachable.json'), '--out', join(root, 'down')],
    1,
    /cannot reach/,
  ],
  [
    'run: a store that cannot be written',
    () => ['run', ...STUDENT, '--out', join(aFile, 'run')],
    1,
    /cannot make the run folder .*is a file, not a folder/,
  ],
  // compare
  ['compare: an unknown variant', () => ['compare', '--variants', 'genenv,nope'], 2, /unknown variant "nope"/],
  ['compare: bad seeds', () => ['compare', '--seeds', '5-1'], 2, /runs backwards/],
  ['compare: --parallel 0', () => ['compare', '--parallel', '0'], 2, /--parallel expects a positive integer/],
  ['compare: --collect without --out', () => ['compare', '--collect'], 2, /--collect needs --out/],
  [
    'compare: --collect of a folder without a comparison',
    () => ['compare', '--preset', 'student', '--collect', '--out', empty],
    2,
    /holds no comparison/,
  ],
  // eval
  [
    'eval: an unknown benchmark',
    () => ['eval', '--benchmark', 'mmlu', '--policy', 'oracle'],
    2,
    /unknown benchmark "mmlu"/,
  ],
  [
    'eval: an unknown policy',
    () => ['eval', '--benchmark', 'bamboogle', '--policy', 'gpt9', '--data', empty],
    2,
    /unknown policy "gpt9"/,
  ],
  [
    'eval: benchmark data missing',
    () => ['eval', '--benchmark', 'bamboogle', '--policy', 'oracle', '--data', empty],
    1,
    /data not found/,
  ],
  // report
  ['report: a folder without a run', () => ['report', empty], 2, /holds neither summary\.json/],
  [
    'report: a malformed summary',
    () => ['report', join(root, 'corrupt-summary')],
    2,
    /summary\.json is not valid JSON/,
  ],
  // bench
  ['bench: an unknown suite', () => ['bench', '--suite', 'fastest'], 2, /fastest/],
  // serve
  [
    'serve: beyond loopback without a token',
    () => ['serve', '--preset', 'student', '--host', '0.0.0.0', '--out', join(root, 's1')],
    2,
    /not loopback/,
  ],
  [
    'serve: a port in use',
    () => ['serve', '--preset', 'student', '--port', String(busyPort), '--out', join(root, 's2')],
    1,
    /the port is in use/,
  ],
  [
    'serve: --resume of a run folder',
    () => ['serve', '--resume', finished],
    2,
    /holds a co-evolution run, not a served curriculum/,
  ],
  // data
  ['data: an unknown benchmark', () => ['data', 'fetch', 'nonesuch'], 2, /nonesuch/],
  [
    'data: a mirror that cannot be reached',
    () => ['data', 'fetch', 'bamboogle', '--mirror', 'http://127.0.0.1:9/'],
    1,
    /fetch failed/,
  ],
  // train
  ['train: no --serve', () => ['train'], 2, /--serve/],
  [
    'train: a service that cannot be reached',
    () => ['train', '--serve', 'http://127.0.0.1:9', '--preset', 'student', '--out', join(root, 't')],
    1,
    /cannot reach it/,
  ],
  // any command
  ['an unknown command', () => ['fly'], 2, /unknown command 'fly'/],
];

describe('exit codes as documented', () => {
  it('the help text documents 0, 1, 2, 130 and 143', () => {
    for (const code of ['  0 ', '  1 ', '  2 ', '  130', '143 by SIGTERM']) expect(EXIT_CODES_HELP).toContain(code);
  });

  it.concurrent.each(PATHS)(
    '%s',
    async (_label, args, code, line) => {
      const result = await runCli(args(), {}, root);
      expect(result.code, result.stderr).toBe(code);
      // One error line (progress lines of a download may come before it), and no stack trace.
      const errors = result.stderr
        .trim()
        .split('\n')
        .filter((text) => /^(genenv|error):/.test(text));
      expect(errors, result.stderr).toHaveLength(1);
      expect(errors[0]).toMatch(line);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );
});

/** Starts `genenv <args>` and resolves once `ready` holds for its output. */
function startUntil(
  args: string[],
  ready: (output: string) => boolean,
): Promise<{ child: ChildProcess; exit: Promise<{ code: number | null; stderr: string }> }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stderr = '';
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stderr })),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer, isError: boolean) => {
      output += chunk.toString();
      if (isError) stderr += chunk.toString();
      if (ready(output)) resolve({ child, exit });
    };
    child.stdout!.on('data', (chunk: Buffer) => onData(chunk, false));
    child.stderr!.on('data', (chunk: Buffer) => onData(chunk, true));
    void exit.then(({ code }) => reject(new Error(`genenv ${args.join(' ')} exited ${code} first: ${output}`)));
  });
}

describe('exit codes of a stop', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    it(`run stopped by ${signal} after a committed epoch exits ${code}`, async () => {
      const out = join(root, `stopped-${signal}`);
      // Without --quiet the run prints a line as each epoch commits: the signal comes after epoch 1's.
      const run = await startUntil(['run', '--preset', 'student', '--out', out, '--no-report'], (output) =>
        /epoch 1:/.test(output),
      );
      run.child.kill(signal);
      const { code: exited, stderr } = await run.exit;
      expect(exited, stderr).toBe(code);
      expect(stderr.trim().split('\n').at(-1)).toMatch(
        new RegExp(`stopped by ${signal} after epoch \\d+ \\(committed\\); genenv run --resume .* continues it`),
      );
      expect(JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')).preset).toBe('student');
    }, 120_000);

  it('serve stopped by SIGTERM exits 0', async () => {
    const serve = await startUntil(
      ['serve', '--preset', 'student', '--port', '0', '--out', join(root, 'served')],
      (output) => output.includes('listening on'),
    );
    serve.child.kill('SIGTERM');
    expect((await serve.exit).code).toBe(0);
  }, 120_000);
});
