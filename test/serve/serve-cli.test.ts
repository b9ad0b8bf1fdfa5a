import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServer } from '../../src/measurement/serve-crash-check.ts';
import { runCli } from '../support/run-cli.ts';

it('refuses to expose the service without a token, in one line and before creating the run', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-serve-cli-'));
  const out = join(folder, 'run');
  try {
    const result = await runCli(['serve', '--preset', 'student', '--host', '0.0.0.0', '--port', '0', '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'genenv: --host 0.0.0.0 is not loopback: give --token-env NAME (bearer token in $NAME)',
    ]);
    expect(existsSync(out)).toBe(false);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it('refuses a config that names a removed option, in one line and before creating the run', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-serve-cli-'));
  const out = join(folder, 'run');
  const config = join(folder, 'config.json');
  writeFileSync(config, JSON.stringify({ familyTemperature: 0.1 }));
  try {
    const result = await runCli(['serve', '--preset', 'student', '--config', config, '--port', '0', '--out', out]);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      `genenv: invalid config (${config}): familyTemperature is no longer an option ` +
        "(removed: it measured no gain; its results are in the project's lab notebook, lab/notebook/ in the repository)",
    ]);
    expect(existsSync(out)).toBe(false);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it('refuses a port in use as a failure while running (exit 1), in one line, leaving --out free for the next start', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-serve-cli-'));
  const out = join(folder, 'run');
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  const args = ['serve', '--preset', 'student', '--port', String(port), '--out', out];
  try {
    const result = await runCli(args);
    expect(result.stderr.trim().split('\n')).toEqual([
      `genenv: cannot listen on 127.0.0.1:${port}: the port is in use`,
    ]);
    expect(result.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    await new Promise((resolve) => blocker.close(resolve));
    const service = await startServer(args.slice(1));
    const exit = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(existsSync(join(out, 'serve.sqlite'))).toBe(true);
  } finally {
    if (blocker.listening) blocker.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
