/**
 * What a benchmark's data folder must hold: every file with its size and SHA-256, and the upstream file it
 * comes from, pinned by commit.
 */
import { GenEnvError } from '../interfaces/errors.ts';

/** How a file is made from its upstream file when upstream has no file of that name. */
export type Derivation = 'python-constants-json';

/** The upstream file a data file comes from: itself, or its source when `derivation` is set. */
export interface UpstreamFile {
  /** A URL pinned by commit (raw.githubusercontent.com/<owner>/<repo>/<commit>/...). */
  url: string;
  /** Size in bytes. */
  bytes: number;
  /** SHA-256, lower-case hex. */
  sha256: string;
  derivation?: Derivation;
}

/** One file of a benchmark's data folder. */
export interface DataFile {
  /** Path inside the benchmark's folder, with forward slashes; also its path under a mirror's `<name>/`. */
  path: string;
  /** Size in bytes. */
  bytes: number;
  /** SHA-256, lower-case hex. */
  sha256: string;
  upstream: UpstreamFile;
}

/** A benchmark's data: where it comes from, under which licence, and every file it needs. */
export interface BenchmarkManifest {
  /** The benchmark's name, as `genenv eval --benchmark` takes it; also its folder's name. */
  name: string;
  /** Upstream repositories and commits, in a line. */
  source: string;
  /** Licence of the data, in a line. */
  licence: string;
  files: DataFile[];
}

/** A path as a URL path: each segment percent-encoded, slashes kept. */
export function urlPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Files listed one a line as `<sha256> <bytes> <path>` (blank lines ignored) that upstream serves at
 * `base` + path, byte for byte.
 */
export function pinnedFiles(base: string, list: string): DataFile[] {
  return list
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const match = /^([0-9a-f]{64}) (\d+) (\S+)$/.exec(line);
      if (!match) throw new GenEnvError('internal', `malformed manifest line: ${line}`);
      const [, sha256, bytes, path] = match as unknown as [string, string, string, string];
      return {
        path,
        bytes: Number(bytes),
        sha256,
        upstream: { url: base + urlPath(path), bytes: Number(bytes), sha256 },
      };
    });
}
