import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * genenv as a user gets it: the repository packed as npm would publish it (`npm pack`, which builds dist/ and its
 * declarations), installed into an empty folder with nothing else. There the install warns of no engine and brings no
 * dev tool; the declarations of both entries type-check with skipLibCheck off and without Node's types, and refuse
 * the mistakes of PROBES; every program of examples/, and a check of a world through `genenv/testing`, type-checks and
 * runs with node; and `import('genenv')` loads none of the heavy dependencies that only some calls need. The install
 * compiles better-sqlite3; the native kernels are skipped (GENENV_NATIVE=skip), so runs go on WebAssembly. The packing
 * happens in a copy of the sources, so the repository's own dist/ is never rebuilt under the other tests.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[]; version: string };
const compiler = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const nodeTypes = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8')) as {
  version: string;
};
const examples = readdirSync(join(root, 'examples')).filter((file) => file.endsWith('.ts'));

/** How a program of examples/ is run from the installed package, in a scratch folder of its own, and what shows it ran. */
interface ExampleRun {
  args: (scratch: string) => string[];
  /** Lines of its output. */
  prints: (scratch: string) => (string | RegExp)[];
  /** What it leaves in its scratch folder, checked after the run. */
  leaves?: (scratch: string) => void;
}

/** Every program of examples/ has its entry here (the test says so when one lacks it). */
const EXAMPLE_RUNS: Record<string, ExampleRun> = {
  'sorting-world.ts': {
    args: (scratch) => [join(scratch, 'run')],
    prints: (scratch) => [
      `run directory: ${join(scratch, 'run')}`,
      /epochs: 2, held-out accuracy: \{"test-id":[\d.]+,"test-hard":[\d.]+\}/,
    ],
    leaves: (scratch) => {
      const summary = JSON.parse(readFileSync(join(scratch, 'run', 'summary.json'), 'utf8')) as { domain: string };
      expect(summary.domain).toBe('sorting');
      expect(existsSync(join(scratch, 'run', 'report.html'))).toBe(true);
    },
  },
  'own-agent.ts': {
    args: (scratch) => [join(scratch, 'run')],
    prints: (scratch) => [
      `run: ${join(scratch, 'run')}`,
      /success on generated tasks by epoch: ([\d.]+ ){6}[\d.]+/,
      /skill at the end: \d+ terms/,
    ],
    leaves: (scratch) => {
      const config = JSON.parse(readFileSync(join(scratch, 'run', 'config.json'), 'utf8')) as {
        agent: { policy: string };
      };
      expect(config.agent.policy).toBe('own:skill-agent');
    },
  },
  'compare-variants.ts': {
    args: (scratch) => [join(scratch, 'comparison')],
    prints: (scratch) => [
      /genenv: test-hard [\d.]+ \[[\d.]+, [\d.]+\]/,
      /uniform: test-hard [\d.]+ \[[\d.]+, [\d.]+\]/,
      `report: ${join(scratch, 'comparison', 'report.html')}`,
    ],
    leaves: (scratch) => {
      expect(existsSync(join(scratch, 'comparison', 'comparison.json'))).toBe(true);
      expect(existsSync(join(scratch, 'comparison', 'report.html'))).toBe(true);
    },
  },
};

/**
 * Programs a user might write, each a right call that compiles beside the same call with one mistake, which tsc must
 * refuse (`@ts-expect-error`: a mistake that compiled would leave the directive unused, itself an error).
 */
const PROBES: Record<string, () => string> = {
  'a config field of the wrong type': () =>
    [
      "import { runCoevolution } from 'genenv';",
      'export const right = () => runCoevolution({ epochs: 2 });',
      '// @ts-expect-error epochs is a count',
      "export const wrong = () => runCoevolution({ epochs: 'two' });",
    ].join('\n'),
  'a misspelled config field': () =>
    [
      "import { runCoevolution } from 'genenv';",
      'export const right = () => runCoevolution({ epochs: 2 });',
      '// @ts-expect-error the field is epochs',
      'export const wrong = () => runCoevolution({ epoch: 2 });',
    ].join('\n'),
  'a misspelled preset': () =>
    [
      "import { runCoevolution } from 'genenv';",
      "export const right = () => runCoevolution({ preset: 'student' });",
      '// @ts-expect-error no preset is called studnet',
      "export const wrong = () => runCoevolution({ preset: 'studnet' });",
    ].join('\n'),
  'a misspelled option of the built-in agent': () =>
    [
      "import { runCoevolution } from 'genenv';",
      "export const right = () => runCoevolution({ agent: { policy: 'builtin', options: { learningRate: 0.001 } } });",
      '// @ts-expect-error the option is learningRate',
      "export const wrong = () => runCoevolution({ agent: { policy: 'builtin', options: { learningRte: 0.001 } } });",
    ].join('\n'),
  // The world of examples/sorting-world.ts (the example itself is the right program) with a held-out draw whose
  // test-id set is a text, not a range of specs like its test-hard set and its drawSpec's argument.
  'a held-out draw of the wrong type': () => {
    const example = readFileSync(join(root, 'examples', 'sorting-world.ts'), 'utf8');
    const draw = /heldOut: \{\n[\s\S]*?\n {4}\},/;
    expect(example, 'examples/sorting-world.ts has its heldOut draw').toMatch(draw);
    const wrong =
      "heldOut: { seed: 11, version: 'sorting-1', size: heldOutSize, testId: 'three to five', testHard: HARD, drawSpec },";
    return example.replace(draw, `// @ts-expect-error test-id draws from a text\n    ${wrong}`);
  },
};

/** A user's test of their world through genenv/testing: the sorting world of the examples, with near misses. */
const CHECK_WORLD = `import { checkDomain } from 'genenv/testing';
import { createSortingWorld } from './sorting-world.js';

const failures = await checkDomain(() => createSortingWorld({ heldOutSize: 20 }), {
  // The sorted numbers less the first; the payload is typed from the world, no cast.
  nearMisses: (instance) => [{ text: instance.payload.sorted.slice(1).join(' '), policyVersion: 'near' }],
});
console.log(\`failed checks: \${JSON.stringify(failures)}\`);
`;

/** Dependencies that only some calls need, which `import('genenv')` must not load. */
const LOADED_ON_USE = ['openai', 'echarts', 'zrender', 'fastify', '@fastify/websocket', 'ws', 'light-my-request'];

/** Logs every module the program resolves (a resolve hook, registered before it starts). */
const RESOLVE_HOOK = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, \`\${result.url}\\n\`);
  return result;
}
`;

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

/** The compiler options of a user's project; `extra` over them. */
const userOptions = (extra: Record<string, unknown>) => ({
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  skipLibCheck: false,
  ...extra,
});

describe('the packed package in an empty folder', () => {
  const app = join(folder, 'app');
  let tarball = '';
  let offline = false;
  let probeDiagnostics: string[] | null = null;

  it('packs with dist/ and the declarations of both entries, the examples, and no tests', {
    timeout: 6 * 60_000,
  }, () => {
    tarball = packedTarball();
    const listing = run('tar', ['-tzf', tarball], folder, 1).split('\n');
    const entries = ['index.js', 'index.d.ts', 'testing/index.js', 'testing/index.d.ts'].map((file) => `dist/${file}`);
    for (const file of [...entries, ...examples.map((example) => `examples/${example}`)])
      expect(listing).toContain(`package/${file}`);
    expect(listing.filter((file) => /\.test\.ts$|__fixtures__|^package\/(lab|test)\//.test(file))).toEqual([]);
    expect(listing).not.toContain('package/bin/genenv-lab.js');
  });

  it('installs from the tarball alone, with no engine warning and no dev tool', { timeout: 15 * 60_000 }, (context) => {
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
    // Node's types for the examples, which use Node's own modules; genenv's declarations do not need them.
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
    // Every dependency's engines admit this Node: npm would have said EBADENGINE.
    expect(output).not.toMatch(/EBADENGINE/);
    // The loader of edited sources, the test runner and the compiler are genenv's dev tools, not the user's.
    for (const tool of ['tsx', 'vitest', 'typescript'])
      expect(existsSync(join(app, 'node_modules', tool)), `${tool} installed with genenv`).toBe(false);
  });

  it('type-checks every example and a check of a world against the installed declarations', {
    timeout: 5 * 60_000,
  }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'node_modules', 'genenv')), 'the install test ran first').toBe(true);
    for (const example of examples) cpSync(join(root, 'examples', example), join(app, example));
    writeFileSync(join(app, 'check-world.ts'), CHECK_WORLD);
    // A `lib` of the user's own, without the DOM: @types/node gives the fetch types beside it.
    const options = userOptions({ lib: ['ES2023'], types: ['node'], rewriteRelativeImportExtensions: true });
    const files = [...examples, 'check-world.ts'];
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...options, outDir: 'build' }, files }),
    );
    run(process.execPath, [compiler, '-p', 'tsconfig.json'], app, 4);
  });

  it('type-checks the declarations of both entries with the default libraries and no @types/node', {
    timeout: 5 * 60_000,
  }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'node_modules', 'genenv')), 'the install test ran first').toBe(true);
    const entries = "import * as genenv from 'genenv';\nimport * as testing from 'genenv/testing';";
    writeFileSync(join(app, 'entries.ts'), `${entries}\nexport const names = [genenv, testing].map(Object.keys);\n`);
    // skipLibCheck off: every declaration file both entries reach is checked.
    const options = userOptions({ types: [], noEmit: true });
    writeFileSync(
      join(app, 'tsconfig.entries.json'),
      JSON.stringify({ compilerOptions: options, files: ['entries.ts'] }),
    );
    expect(run(process.execPath, [compiler, '-p', 'tsconfig.entries.json'], app, 4).trim()).toBe('');
  });

  it('type-checks the probes of mistakes', { timeout: 5 * 60_000 }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'node_modules', 'genenv')), 'the install test ran first').toBe(true);
    const files = Object.values(PROBES).map((probe, index) => {
      writeFileSync(join(app, `probe-${index + 1}.ts`), probe());
      return `probe-${index + 1}.ts`;
    });
    const options = userOptions({ lib: ['ES2023'], types: ['node'], noEmit: true });
    writeFileSync(join(app, 'tsconfig.probes.json'), JSON.stringify({ compilerOptions: options, files }));
    const result = spawnSync(process.execPath, [compiler, '-p', 'tsconfig.probes.json'], {
      cwd: app,
      encoding: 'utf8',
    });
    probeDiagnostics = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
    // Each line names its probe: none is about genenv's declarations or the compiler's set-up.
    expect(probeDiagnostics.filter((line) => !/^probe-\d+\.ts\(/.test(line))).toEqual([]);
  });

  for (const [index, mistake] of Object.keys(PROBES).entries())
    it(`refuses ${mistake}, and takes the same call without it`, (context) => {
      if (offline) context.skip('not installed: the npm registry cannot be reached');
      expect(probeDiagnostics, 'the type-check of the probes ran first').not.toBeNull();
      expect(probeDiagnostics!.filter((line) => line.startsWith(`probe-${index + 1}.ts(`))).toEqual([]);
    });

  for (const example of examples)
    it(`runs examples/${example} with node`, { timeout: 8 * 60_000 }, (context) => {
      if (offline) context.skip('not installed: the npm registry cannot be reached');
      const plan = EXAMPLE_RUNS[example];
      expect(
        plan,
        `examples/${example} has no entry in EXAMPLE_RUNS: say how it is run and what it prints`,
      ).toBeDefined();
      const compiled = join(app, 'build', example.replace(/\.ts$/, '.js'));
      expect(existsSync(compiled), 'the type-check of the examples ran first').toBe(true);
      const scratch = join(app, 'runs', example.replace(/\.ts$/, ''));
      mkdirSync(scratch, { recursive: true });
      const output = run(process.execPath, [compiled, ...plan!.args(scratch)], scratch, 7);
      for (const line of plan!.prints(scratch)) expect(output).toMatch(line);
      plan!.leaves?.(scratch);
    });

  it('checks a world through genenv/testing, the test runner not installed', { timeout: 5 * 60_000 }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    expect(existsSync(join(app, 'build', 'check-world.js')), 'the type-check of the examples ran first').toBe(true);
    const output = run(process.execPath, [join('build', 'check-world.js')], app, 4);
    expect(output).toContain('failed checks: []');
  });

  it('loads none of the dependencies that only some calls need when imported', { timeout: 60_000 }, (context) => {
    if (offline) context.skip('not installed: the npm registry cannot be reached');
    writeFileSync(join(app, 'resolve-hook.mjs'), RESOLVE_HOOK);
    writeFileSync(
      join(app, 'register-hook.mjs'),
      "import { register } from 'node:module';\nregister('./resolve-hook.mjs', import.meta.url);\n",
    );
    writeFileSync(join(app, 'import-entries.mjs'), "await import('genenv');\nawait import('genenv/testing');\n");
    const log = join(app, 'resolved.log');
    run(process.execPath, ['--import', './register-hook.mjs', 'import-entries.mjs'], app, 1, { RESOLVED_LOG: log });
    const resolved = readFileSync(log, 'utf8').split('\n');
    expect(resolved.some((url) => url.includes('/node_modules/genenv/dist/testing/index.js'))).toBe(true);
    expect(
      resolved.some((url) => url.includes('/node_modules/zod/')),
      'the hook saw the dependencies',
    ).toBe(true);
    const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    const loaded = new Set(resolved.map(packageOf).filter((name) => name !== undefined));
    expect(LOADED_ON_USE.filter((name) => loaded.has(name))).toEqual([]);
  });
});
