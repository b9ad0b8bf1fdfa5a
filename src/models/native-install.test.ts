import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** npm's own node-gyp (what `npm ci` runs install scripts with), or null where npm is not found. */
function npmNodeGyp(): string | null {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp))
    return process.env.npm_config_node_gyp;
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (!which) return null;
  const candidate = join(dirname(realpathSync(which)), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  return existsSync(candidate) ? candidate : null;
}

/** A copy of what the install step reads (binding.gyp and native/), so that the test builds nothing here. */
function installCopy(): string {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-install-'));
  cpSync(join(root, 'binding.gyp'), join(directory, 'binding.gyp'));
  cpSync(join(root, 'native'), join(directory, 'native'), { recursive: true });
  return directory;
}

const nodeGyp = npmNodeGyp();

describe('install step of the native addon', () => {
  it('skips the build on request and still succeeds', () => {
    const directory = installCopy();
    const result = spawnSync(process.execPath, ['native/install.cjs'], {
      cwd: directory,
      encoding: 'utf8',
      env: { ...process.env, GENENV_NATIVE: 'skip' },
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      'genenv: native kernels not built (GENENV_NATIVE=skip); the WebAssembly kernels will run',
    );
  });

  const failing = 'succeeds with one line when the compiler fails (GENENV_NATIVE_FAIL=1)';
  it.skipIf(nodeGyp === null)(
    nodeGyp ? failing : `${failing} (skipped: npm's node-gyp not found)`,
    () => {
      const directory = installCopy();
      const result = spawnSync(process.execPath, ['native/install.cjs'], {
        cwd: directory,
        encoding: 'utf8',
        env: { ...process.env, GENENV_NATIVE_FAIL: '1', npm_config_node_gyp: nodeGyp! },
      });
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
      expect(result.stdout).toMatch(/native kernels did not build \(see .*native-build\.log\); the WebAssembly/);
      expect(readFileSync(join(directory, 'build', 'native-build.log'), 'utf8')).toContain(
        'GENENV_NATIVE_FAIL asked this build to fail',
      );
      expect(existsSync(join(directory, 'build', 'Release', 'genenv_native.node'))).toBe(false);
    },
    120_000,
  );
});
