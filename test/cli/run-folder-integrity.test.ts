import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../support/run-cli.ts';
import { type ScriptedServer, startScriptedServer } from '../support/openai-server/server.ts';

// What a user types or leaves on disk never starts the wrong run (issue 60): a start that fails leaves nothing behind
// and its --out reusable, a resume checks what it resumes against what its database recorded, a folder of the other
// kind is refused, and each refusal is one line with the documented exit code (2 for input, 1 for a failure).
const root = mkdtempSync(join(tmpdir(), 'genenv-integrity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const STUDENT = ['--preset', 'student', '--epochs', '3', '--quiet', '--no-report'];
/** A finished student run every check below copies before it damages the copy. */
const finished = join(root, 'finished');

/** Exactly one line on stderr, matching `pattern`, and no stack trace. */
function oneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

/** A copy of the finished run, to damage. */
function copyOfFinished(name: string): string {
  const folder = join(root, name);
  cpSync(finished, folder, { recursive: true });
  return folder;
}

const epochRows = (folder: string) => {
  const database = new Database(join(folder, 'run.sqlite'), { readonly: true });
  try {
    return (database.prepare('SELECT COUNT(*) AS n FROM epochs').get() as { n: number }).n;
  } finally {
    database.close();
  }
};

beforeAll(async () => {
  const result = await runCli(['run', ...STUDENT, '--out', finished]);
  expect(result.code, result.stderr).toBe(0);
}, 120_000);

describe('a start that fails leaves nothing behind', () => {
  let server: ScriptedServer | null = null;
  afterAll(async () => server?.close());

  it('a simulator server that cannot be reached: exit 1, no folder; the same command runs once it is up', async () => {
    server = await startScriptedServer({
      models: ['sim'],
      chat: () => [{ content: '{"kind": "add", "operands": 2, "digits": 1}' }],
    });
    const url = server.baseUrl;
    await server.kill();
    const out = join(root, 'unreachable');
    const config = join(root, 'unreachable.json');
    writeFileSync(config, JSON.stringify({ simulator: { policy: `openai:${url}#sim`, options: { maxRetries: 0 } } }));
    const refused = await runCli(['run', ...STUDENT, '--config', config, '--out', out]);
    expect(refused.code, refused.stderr).toBe(1);
    oneLine(
      refused.stderr,
      /^genenv: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1: ECONNREFUSED \(is the server running\?\)$/,
    );
    expect(existsSync(out)).toBe(false);
    // Up again on the same port: the same command starts the run.
    await server.restart();
    const started = await runCli(['run', ...STUDENT, '--config', config, '--out', out]);
    expect(started.code, started.stderr).toBe(0);
  }, 120_000);

  it('a run killed before its epoch 0 was committed: refused as a resume, taken over by a fresh start', async () => {
    const out = join(root, 'killed-early');
    const killed = await runCli(['run', ...STUDENT, '--out', out], { GENENV_FAILPOINT: 'before-commit:0' });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(join(out, 'run.sqlite'))).toBe(true);
    const resumed = await runCli(['run', '--resume', out, '--quiet']);
    expect(resumed.code).toBe(2);
    oneLine(
      resumed.stderr,
      /cannot resume .*killed-early: its run stopped before committing epoch 0, so there is nothing to resume; genenv run --out .*killed-early starts a new run there$/,
    );
    const fresh = await runCli(['run', ...STUDENT, '--out', out]);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(epochRows(out)).toBe(4);
  }, 120_000);

  it('a run folder that already holds a run: exit 2, the run untouched', async () => {
    const before = readFileSync(join(finished, 'summary.json'), 'utf8');
    const refused = await runCli(['run', ...STUDENT, '--out', finished]);
    expect(refused.code).toBe(2);
    oneLine(
      refused.stderr,
      /already holds a run; genenv run --resume .*finished continues it, or choose another --out$/,
    );
    expect(readFileSync(join(finished, 'summary.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('a read-only file system is named as the cause', async (context) => {
    const mountPoint = join(root, 'read-only');
    mkdirSync(mountPoint);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mountPoint]);
    if (mounted.status !== 0) {
      context.skip(`cannot mount a read-only file system here (${String(mounted.stderr).trim()})`);
      return;
    }
    try {
      const out = join(mountPoint, 'runs', 'one');
      const refused = await runCli(['run', ...STUDENT, '--out', out]);
      expect(refused.code).toBe(1);
      oneLine(refused.stderr, /cannot make the run folder .*: .*read-only: the file system is read-only$/);
    } finally {
      spawnSync('umount', [mountPoint]);
    }
  }, 60_000);
});

describe('a resume checks what it resumes', () => {
  it('a zero-byte run.sqlite is refused and nothing is rewritten', async () => {
    const folder = copyOfFinished('zero-bytes');
    writeFileSync(join(folder, 'run.sqlite'), '');
    const metrics = readFileSync(join(folder, 'metrics.jsonl'), 'utf8');
    const result = await runCli(['run', '--resume', folder, '--quiet']);
    expect(result.code).toBe(2);
    oneLine(result.stderr, /cannot resume .*: run\.sqlite is empty \(0 bytes\): the epochs it held are lost; /);
    expect(readFileSync(join(folder, 'metrics.jsonl'), 'utf8')).toBe(metrics);
  }, 60_000);

  it('a config.json edited since the start is refused, naming the field', async () => {
    const folder = copyOfFinished('edited');
    const path = join(folder, 'config.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), seed: 2 }));
    const result = await runCli(['run', '--resume', folder, '--quiet', '--epochs', '4']);
    expect(result.code).toBe(2);
    oneLine(
      result.stderr,
      /cannot resume .*: config\.json is not the config the run started with \(seed: 1 at the start, 2 now\); put it back as it was; /,
    );
    expect(epochRows(folder)).toBe(4);
  }, 60_000);

  it('raising the epochs keeps the recorded config in step, so the run resumes again', async () => {
    const folder = copyOfFinished('raised');
    const first = await runCli(['run', '--resume', folder, '--quiet', '--no-report', '--epochs', '4']);
    expect(first.code, first.stderr).toBe(0);
    const again = await runCli(['run', '--resume', folder, '--quiet', '--no-report']);
    expect(again.code, again.stderr).toBe(0);
    expect(epochRows(folder)).toBe(5);
  }, 60_000);

  it('a served folder is refused by run --resume, naming genenv serve', async () => {
    const folder = join(root, 'served');
    // A service started and stopped once it listens: a served folder.
    const child = spawn(process.execPath, [BIN, 'serve', '--preset', 'student', '--port', '0', '--out', folder], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening on')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`genenv serve exited (${code}): ${output}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(join(folder, 'run.sqlite'))).toBe(true);
    const result = await runCli(['run', '--resume', folder, '--quiet']);
    expect(result.code).toBe(2);
    oneLine(
      result.stderr,
      /cannot resume .*served: it holds a served curriculum, not a co-evolution run; genenv serve --resume .*served resumes it$/,
    );
  }, 60_000);

  it('a run folder is refused by serve --resume, naming genenv run', async () => {
    const result = await runCli(['serve', '--resume', finished, '--port', '0']);
    expect(result.code).toBe(2);
    oneLine(
      result.stderr,
      /cannot resume .*finished: it holds a co-evolution run, not a served curriculum; genenv run --resume .*finished resumes it$/,
    );
    expect(readdirSync(finished)).not.toContain('serve.sqlite');
  }, 60_000);
});

describe('integers are written as integers', () => {
  for (const args of [
    ['run', '--seed', '0x10'],
    ['run', '--epochs', '0x2'],
    ['run', '--epochs', '1e1'],
    ['run', '--seed', '0b1'],
  ])
    it(`${args.join(' ')} is refused`, async () => {
      const out = join(root, `integer-${args.join('-')}`);
      const result = await runCli([...args, '--out', out]);
      expect(result.code).toBe(2);
      oneLine(result.stderr, new RegExp(`^genenv: ${args[1]} expects an integer, got "${args[2]}"$`));
      expect(existsSync(out)).toBe(false);
    });

  it('compare --parallel 0 is refused', async () => {
    const out = join(root, 'parallel-0');
    const result = await runCli(['compare', '--preset', 'student', '--parallel', '0', '--out', out]);
    expect(result.code).toBe(2);
    oneLine(result.stderr, /^genenv: --parallel expects a positive integer, got "0"$/);
    expect(existsSync(out)).toBe(false);
  });
});
