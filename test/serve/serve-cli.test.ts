import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
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
