import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * genenv as a user gets it: the repository packed as npm would publish it (`npm pack`, which builds dist/ and its
 * declarations), installed into an empty folder with nothing else, examples/sorting-world.ts type-checked against the
 * installed declarations (`import … from 'genenv'`, with skipLibCheck off) and run with node. The install compiles
 * better-sqlite3; the native kernels are skipped (GENENV_NATIVE=skip), so the run goes on WebAssembly. The packing
 * happens in a copy of the sources, so the repository's own dist/ is never rebuilt under the other tests.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[]; version: string };
const compiler = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const nodeTypes = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8')) as {
  version: string;
};

const folder = mkdtempSync(join(tmpdir(), 'genenv-consumer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a command to its end; fails the test with its output when it does not exit 0. */
function run(command: string, args: string[], cwd: string, minutes: number, env: NodeJS.ProcessEnv = {}) {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: minutes * 60_000,
    env: { ...process.env, ...env },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  expect(result.status, `${command} ${args.join(' ')} in ${cwd}:\n${output.slice(-4000)}`).toBe(0);
  return output;
}

/** A copy of what the package ships from (its `files` less the built dist/, and the build's tsconfigs), packed. */
function packedTarball(): string {
  const source = join(folder, 'source');
  mkdirSync(source);
  const shipped = manifest.files.filter((entry) => !entry.startsWith('!') && entry !== 'dist');
  for (const entry of [...shipped, 'package.json', 'README.md', 'tsconfig.json', 'tsconfig.build.json'])
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(source, entry), { recursive: true });
  // The build (npm pack runs `prepare`) needs the compiler and Node's types; nothing of them is packed.
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  run('npm', ['pack', '--pack-destination', folder], source, 5);
  return join(folder, `genenv-${manifest.version}.tgz`);
}

/** What npm prints when it cannot reach the registry. */
const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH/;

describe('the packed package in an empty folder', () => {
  const app = join(folder, 'app');
  let tarball = '';
  let offline = false;

  it('packs with dist/ and its declarations, the example, and no tests', { timeout: 6 * 60_000 }, () => {
    tarball = packedTarball();
    const listing = run('tar', ['-tzf', tarball], folder, 1).split('\n');
    for (const file of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/examples/sorting-world.ts'])
      expect(listing).toContain(file);
    expect(listing.filter((file) => /\.test\.ts$|__fixtures__|^package\/(lab|test)\//.test(file))).toEqual([]);
  });

  it('installs from the tarball alone', { timeout: 15 * 60_000 }, (context) => {
    expect(tarball, 'the packing test ran first').not.toBe('');
    mkdirSync(app);
    // A user's project: ESM, and the dependencies whose install scripts build what genenv needs allowed to run them.
    const project = {
      name: 'app',
      private: true,
      type: 'module',
      allowScripts: { 'better-sqlite3': true, esbuild: true },
    };
    writeFileSync(join(app, 'package.json'), JSON.stringify(project, null, 2));
    const install = [
      'install',
      tarball,
      `@types/node@${nodeTypes.version}`,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ];
    const result = spawnSync('npm', install, {
      cwd: app,
      encoding: 'utf8',
      timeout: 14 * 60_000,
      env: { ...process.env, GENENV_NATIVE: 'skip' },
    });
    const output = `${result.stdout}${result.stderr}`;
    // Away from the registry (and with an empty npm cache) there is nothing to install from; CI always reaches it.
    if (result.status !== 0 && !process.env.CI && NETWORK_ERROR.test(output)) {
      offline = true;
      context.skip('the npm registry cannot be reached, so the packed package cannot be installed');
    }
    expect(result.status, `npm ${install.join(' ')}:\n${output.slice(-4000)}`).toBe(0);
    expect(existsSync(join(app, 'node_modules', 'genenv', 'dist', 'index.d.ts'))).toBe(true);
  });

  it('type-checks the example against the installed declarations, and refuses a wrong call', {
    timeout: 5 * 60_000,
  }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'node_modules', 'genenv')), 'the install test ran first').toBe(true);
    cpSync(join(root, 'examples', 'sorting-world.ts'), join(app, 'sorting-world.ts'));
    // Types that resolved to `any` would accept this; genenv's declarations do not.
    writeFileSync(
      join(app, 'wrong.ts'),
      "import { runCoevolution } from 'genenv';\nawait runCoevolution({ epochs: 'two' });\n",
    );
    const options = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      skipLibCheck: false,
      outDir: 'build',
    };
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: options, files: ['sorting-world.ts'] }),
    );
    writeFileSync(
      join(app, 'tsconfig.wrong.json'),
      JSON.stringify({ compilerOptions: { ...options, noEmit: true }, files: ['wrong.ts'] }),
    );
    run(process.execPath, [compiler, '-p', 'tsconfig.json'], app, 4);
    const wrong = spawnSync(process.execPath, [compiler, '-p', 'tsconfig.wrong.json'], { cwd: app, encoding: 'utf8' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(/wrong\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number/);
  });

  it('runs the example with node: a co-evolution on the user world finishes', { timeout: 8 * 60_000 }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'build', 'sorting-world.js')), 'the type-check test ran first').toBe(true);
    const output = run(process.execPath, [join('build', 'sorting-world.js'), join(app, 'run')], app, 7);
    expect(output).toContain(`run directory: ${join(app, 'run')}`);
    expect(output).toMatch(/epochs: 2, held-out accuracy: \{"test-id":[\d.]+,"test-hard":[\d.]+\}/);
    const summary = JSON.parse(readFileSync(join(app, 'run', 'summary.json'), 'utf8')) as { domain: string };
    expect(summary.domain).toBe('sorting');
    expect(existsSync(join(app, 'run', 'report.html'))).toBe(true);
  });
});
