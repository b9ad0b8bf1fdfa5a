#!/usr/bin/env node
// Entry point of the `genenv` CLI. It runs the compiled JavaScript in dist/ (built by npm ci) when dist/ was built
// from the sources as they are now, else the TypeScript sources through the tsx loader, so a developer's edits take
// effect without a rebuild (`npm run build` makes dist/ current again). GENENV_FROM_SOURCE=1 always runs the sources.
// An installed package (no .git beside it: npm's tarball resets file times, so the fingerprint cannot match) runs the
// dist/ it was packed with, and so never needs tsx, which is a dev dependency: only a checkout installed without its
// dev dependencies can lack both, and is told so in one line.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from './source-fingerprint.js';

function distIsCurrent() {
  if (process.env.GENENV_FROM_SOURCE) return false;
  let built;
  try {
    built = readFileSync(new URL('../dist/source-fingerprint.txt', import.meta.url), 'utf8').trim();
  } catch {
    return false;
  }
  if (!existsSync(new URL('../.git', import.meta.url))) return true;
  return built === sourceFingerprint(fileURLToPath(new URL('..', import.meta.url)));
}

let main;
if (distIsCurrent()) {
  ({ main } = await import('../dist/cli/main.js'));
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error(
      'genenv: dist/ is not built from these sources, and tsx (a dev dependency) is not installed to run them: ' +
        'npm ci installs both',
    );
    process.exit(1);
  }
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
