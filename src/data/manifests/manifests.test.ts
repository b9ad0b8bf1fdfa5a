import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';
import { benchmarkNames } from '../../composition/benchmarks.ts';
import { dataStatus } from '../data-status.ts';
import { MANIFESTS, manifestOf } from './index.ts';

const PINNED = /^https:\/\/raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/[0-9a-f]{40}\/\S+$/;

describe('benchmark data manifests', () => {
  it('cover exactly the benchmarks genenv eval knows', () => {
    expect(MANIFESTS.map((manifest) => manifest.name).sort()).toEqual(benchmarkNames().sort());
    expect(() => manifestOf('mmlu')).toThrow(
      'unknown benchmark "mmlu" (known: api-bank, bfcl, bamboogle, travelplanner, alfworld, or all)',
    );
  });

  it.each(MANIFESTS.map((manifest) => [manifest.name, manifest] as const))(
    '%s: relative unique paths, sizes, SHA-256 and upstream URLs pinned by commit',
    (_name, manifest) => {
      const paths = manifest.files.map((file) => file.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const file of manifest.files) {
        expect(file.path).toMatch(/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\]+$/);
        expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(Number.isInteger(file.bytes) && file.bytes >= 0).toBe(true);
        expect(file.upstream.url).toMatch(PINNED);
        if (file.upstream.derivation === undefined)
          expect(file.upstream).toEqual({ url: file.upstream.url, bytes: file.bytes, sha256: file.sha256 });
      }
      expect(manifest.source.length).toBeGreaterThan(0);
      expect(manifest.licence.length).toBeGreaterThan(0);
    },
  );
});

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

for (const manifest of MANIFESTS) {
  const data = benchmarkData(manifest.name);
  describe.skipIf(data.skip)(data.title(`${manifest.name} manifest against the data`), () => {
    it('lists exactly the files of the data folder, each with its size and SHA-256', async () => {
      expect(filesUnder(data.path).sort()).toEqual(manifest.files.map((file) => file.path).sort());
      const status = await dataStatus(manifest, dirname(data.path));
      expect(status.problems).toEqual([]);
      expect(status.state).toBe('present');
    });
  });
}
