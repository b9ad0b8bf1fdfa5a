#!/usr/bin/env node
// Entry point of the `genenv` CLI. It runs the compiled JavaScript in dist/ (built by npm ci) when dist/ was built
// from the sources as they are now, else the TypeScript sources through the tsx loader, so a developer's edits take
// effect without a rebuild (`npm run build` makes dist/ current again). GENENV_FROM_SOURCE=1 always runs the sources.
// An installed package (no .git beside it: npm's tarball resets file times, so the fingerprint cannot match) runs the
// dist/ it was packed with.
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
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
