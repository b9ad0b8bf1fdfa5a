/**
 * Where tests find benchmark data. Every test that needs the real data asks here. The data is
 * `../shared/benchmarks/<name>` beside the repository (or beside its folder of worktrees) when present, else a
 * verified copy in the data folder (`genenv data fetch <name>` puts one there). With neither, the tests that need
 * it are skipped with a message that says why and how to run them; GENENV_REQUIRE_DATA=1 (set by .ci/run) makes
 * that a failure instead.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataFolder, displayPath } from '../../src/data/data-folder.ts';
import { sha256OfBytes } from '../../src/data/file-check.ts';
import { MANIFESTS, manifestOf } from '../../src/data/manifests/index.ts';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const REQUIRED = process.env.GENENV_REQUIRE_DATA === '1';

/** `../shared/benchmarks` beside the repository or beside its folder of worktrees, when present. */
export const SHARED_BENCHMARKS: string | undefined = ['../shared/benchmarks', '../../shared/benchmarks']
  .map((path) => resolve(REPOSITORY, path))
  .find((path) => existsSync(path));

export interface BenchmarkData {
  name: string;
  /** The data folder to read (where it would be when absent). */
  path: string;
  /** True when the data is absent and not required: tests that need it are skipped. */
  skip: boolean;
  /** A test title, with the reason appended when skipped. */
  title: (text: string) => string;
}

/** Whether the data folder holds the benchmark with every file of its manifest verified. */
function verifiedCopy(name: string): string | undefined {
  const folder = join(dataFolder(), name);
  const intact = manifestOf(name).files.every((file) => {
    const path = join(folder, file.path);
    return existsSync(path) && statSync(path).size === file.bytes && sha256OfBytes(readFileSync(path)) === file.sha256;
  });
  return intact ? folder : undefined;
}

const warned = new Set<string>();

/**
 * The data found at `path`, or, when it is undefined, skipped tests (failed ones under GENENV_REQUIRE_DATA=1).
 * `folder` is the benchmark's folder name ('' for all) and `fetch` the argument of `genenv data fetch` that gets it.
 */
function located(label: string, folder: string, fetch: string, path: string | undefined): BenchmarkData {
  if (path !== undefined) return { name: label, path, skip: false, title: (text) => text };
  const expected = resolve(REPOSITORY, '../shared/benchmarks', folder);
  const why = `no ${label} data (neither ${expected} nor a verified copy in ${displayPath(join(dataFolder(), folder))})`;
  if (REQUIRED) throw new Error(`GENENV_REQUIRE_DATA=1 and ${why}`);
  if (!warned.has(label)) {
    warned.add(label);
    console.warn(
      `tests on the ${label} data skipped: ${why}; run \`genenv data fetch ${fetch}\` (or place ` +
        '../shared/benchmarks beside the repository) to run them',
    );
  }
  return { name: label, path: expected, skip: true, title: (text) => `${text} (skipped: no ${label} data)` };
}

/** One benchmark's data (`api-bank`, `bfcl`, `bamboogle`, `travelplanner`, `alfworld`). */
export function benchmarkData(name: string): BenchmarkData {
  const shared =
    SHARED_BENCHMARKS && existsSync(join(SHARED_BENCHMARKS, name)) ? join(SHARED_BENCHMARKS, name) : undefined;
  return located(name, name, name, shared ?? verifiedCopy(name));
}

/** A folder holding all five benchmarks' data, laid out as the data folder (to serve as a mirror). */
export function allBenchmarkData(): BenchmarkData {
  const names = MANIFESTS.map((manifest) => manifest.name);
  const has = (root: string | undefined) => root !== undefined && names.every((name) => existsSync(join(root, name)));
  const cached = names.every((name) => verifiedCopy(name) !== undefined) ? dataFolder() : undefined;
  return located('benchmark', '', 'all', has(SHARED_BENCHMARKS) ? SHARED_BENCHMARKS : cached);
}
