import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * bin/genenv.js where neither of its two ways to run is there: a checkout installed without its dev dependencies has
 * no dist/ built from its sources and no tsx to run them (an installed package always has its dist/). It says so in
 * one line and exits 1, instead of a module-not-found stack.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'genenv-bin-entry-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('bin/genenv.js without dist/ and without tsx', () => {
  it('says what to install, in one line', () => {
    mkdirSync(join(folder, 'bin'));
    for (const file of ['genenv.js', 'source-fingerprint.js'])
      cpSync(join(root, 'bin', file), join(folder, 'bin', file));
    const result = spawnSync(process.execPath, [join(folder, 'bin', 'genenv.js'), 'run'], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'genenv: dist/ is not built from these sources, and tsx (a dev dependency) is not installed to run them: ' +
        'npm ci installs both',
    ]);
  });
});
