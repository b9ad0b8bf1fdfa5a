// `npm run build` (and `prepare`, which npm ci and npm pack run): compiles src/ to dist/ as ESM JavaScript with its
// type declarations (the library's door, package.json `exports`) and records the fingerprint of the sources it was
// built from (dist/source-fingerprint.txt), which bin/genenv.js checks before using dist/. Without TypeScript (a
// checkout installed without its dev dependencies) it builds nothing, and the CLI says how to build. npm runs
// `prepare` in a checkout and when packing, never in a user's install of the package, which runs the dist/ it
// was packed with.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from '../bin/source-fingerprint.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let compiler;
try {
  // The package exports no bin path; its package.json is exported, and bin/tsc sits beside it.
  compiler = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
} catch {
  console.warn('genenv build: TypeScript is not installed, so dist/ is not built (npm ci installs it)');
  process.exit(0);
}
// Taken before compiling: a source edited during the build must not be taken for built.
const fingerprint = sourceFingerprint(root);
rmSync(dist, { recursive: true, force: true });
const result = spawnSync(process.execPath, [compiler, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  // A half-built dist/ would have no fingerprint and so be ignored; removed anyway to leave no doubt.
  rmSync(dist, { recursive: true, force: true });
  console.error('genenv build: tsc failed (see above); dist/ was not built');
  process.exit(1);
}
// The CLI's entry, and the library's two (package.json `exports`) with their declarations.
for (const file of ['cli/main.js', 'index.js', 'index.d.ts', 'testing/index.js', 'testing/index.d.ts'])
  if (!existsSync(`${dist}${file}`)) throw new Error(`genenv build: dist/${file} is missing after tsc`);
writeFileSync(`${dist}source-fingerprint.txt`, `${fingerprint}\n`);
