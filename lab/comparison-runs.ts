/**
 * The runs of finished comparisons (directories `genenv compare` wrote: <variant>/seed-<n>/), for the lab suites that
 * read several comparisons at once. A variant folder may be a symbolic link (runs gathered from several comparisons).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError } from '../src/index.ts';

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * Per variant, the seed directories of `comparison` that hold `file` (e.g. `summary.json`), in name order. A missing
 * comparison directory is a usage error; a variant without such a run is left out.
 */
export function comparisonRuns(comparison: string, file: string): Map<string, string[]> {
  if (!isDirectory(comparison)) throw new GenEnvError('usage', `no comparison directory ${comparison}`);
  const variants = new Map<string, string[]>();
  for (const variant of readdirSync(comparison).sort()) {
    const folder = join(comparison, variant);
    if (!isDirectory(folder)) continue;
    const seeds = readdirSync(folder)
      .sort()
      .map((name) => join(folder, name))
      .filter((directory) => existsSync(join(directory, file)));
    if (seeds.length) variants.set(variant, seeds);
  }
  return variants;
}
