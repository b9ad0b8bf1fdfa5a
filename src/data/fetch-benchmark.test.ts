import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DataFixture, folderSnapshot, makeDataFixture } from '../../test/support/data-fixture.ts';
import { type DataMirror, type MirrorBehaviour, startDataMirror } from '../../test/support/data-mirror.ts';
import { dataStatus } from './data-status.ts';
import { sha256OfBytes } from './file-check.ts';
import { type FetchOptions, fetchBenchmark } from './fetch-benchmark.ts';
import type { BenchmarkManifest } from './manifest.ts';

let fixture: DataFixture;
const mirrors: DataMirror[] = [];
const folders: string[] = [];
beforeAll(() => {
  fixture = makeDataFixture();
});
afterEach(async () => {
  for (const mirror of mirrors.splice(0)) await mirror.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
afterAll(() => rmSync(fixture.root, { recursive: true, force: true }));

async function mirror(behaviour: MirrorBehaviour = {}): Promise<{ server: DataMirror; manifest: BenchmarkManifest }> {
  const server = await startDataMirror(fixture.root, behaviour);
  mirrors.push(server);
  return { server, manifest: fixture.manifest(server.url) };
}

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-data-'));
  folders.push(folder);
  return folder;
}

/** Fast retries: these tests check what happens, not how long it waits. */
const quick: FetchOptions['download'] = { attempts: 2, retryDelayMs: 1, idleTimeoutMs: 2_000 };

describe('fetching a benchmark from a mirror', () => {
  it('writes every file verified, and downloads nothing again once they are present', async () => {
    const { server, manifest } = await mirror();
    const folder = dataFolder();
    const progress: number[] = [];
    const result = await fetchBenchmark(manifest, {
      folder,
      mirror: server.url,
      download: quick,
      onProgress: (event) => progress.push(event.bytesDone),
    });
    expect(result).toMatchObject({ name: 'fixture', folder: join(folder, 'fixture'), files: 4, downloaded: 4 });
    for (const [path, bytes] of Object.entries(fixture.contents))
      expect(readFileSync(join(folder, 'fixture', path)).equals(bytes)).toBe(true);
    // From a mirror the derived file is read as it is, not made again.
    expect(server.requests).toEqual([
      '/fixture/a.json',
      '/fixture/sub%20dir/b.bin',
      '/fixture/c.txt',
      '/fixture/constants.json',
    ]);
    expect(progress.at(-1)).toBe(result.bytes);
    expect((await dataStatus(manifest, folder)).state).toBe('present');
    expect(readdirSync(folder)).toEqual(['fixture']);

    const again = await fetchBenchmark(manifest, { folder, mirror: server.url, download: quick });
    expect(again.downloaded).toBe(0);
    expect(server.requests).toHaveLength(4);
  });

  it('downloads only the files that are missing or corrupt', async () => {
    const { server, manifest } = await mirror();
    const folder = dataFolder();
    await fetchBenchmark(manifest, { folder, mirror: server.url, download: quick });
    rmSync(join(folder, 'fixture', 'a.json'));
    writeFileSync(join(folder, 'fixture', 'c.txt'), 'third fil\n');
    rmSync(join(folder, 'fixture', 'sub dir', 'b.bin'));
    mkdirSync(join(folder, 'fixture', 'sub dir', 'b.bin'));
    const result = await fetchBenchmark(manifest, { folder, mirror: server.url, download: quick });
    expect(result.downloaded).toBe(3);
    expect(server.requests.slice(4)).toEqual(['/fixture/a.json', '/fixture/sub%20dir/b.bin', '/fixture/c.txt']);
    expect((await dataStatus(manifest, folder)).state).toBe('present');
  });

  it('a corrupted file on the mirror fails the benchmark in one line and leaves the folder as it was', async () => {
    const good = fixture.contents['constants.json']!;
    const bad = Buffer.from(good);
    bad[10] = bad[10]! ^ 1;
    const { server, manifest } = await mirror({ replace: { '/fixture/constants.json': bad } });
    const folder = dataFolder();
    // A folder in some state: one file verified, one corrupt, the others missing; the bad file comes last.
    mkdirSync(join(folder, 'fixture'));
    writeFileSync(join(folder, 'fixture', 'a.json'), fixture.contents['a.json']!);
    writeFileSync(join(folder, 'fixture', 'c.txt'), 'corrupt\n');
    const before = folderSnapshot(folder);
    await expect(fetchBenchmark(manifest, { folder, mirror: server.url, download: quick })).rejects.toThrow(
      new RegExp(
        `^fixture: constants\\.json: SHA-256 mismatch \\(expected ${sha256OfBytes(good)}, got ${sha256OfBytes(bad)}\\)$`,
      ),
    );
    expect(server.requests).toHaveLength(3);
    expect(folderSnapshot(folder)).toEqual(before);
  });

  it('an interrupted download leaves nothing half-written and names the file', async () => {
    const { server, manifest } = await mirror({ cutAfter: { '/fixture/sub%20dir/b.bin': 100_000 } });
    const folder = dataFolder();
    const error = await fetchBenchmark(manifest, { folder, mirror: server.url, download: quick }).catch((e) => e);
    expect((error as Error).message).toMatch(
      /^fixture: sub dir\/b\.bin: .+ \(2 tries, http:\/\/127\.0\.0\.1:\d+\/\S+\)$/,
    );
    expect((error as Error).message).not.toContain('\n');
    expect(server.requests.filter((path) => path.endsWith('b.bin'))).toHaveLength(2);
    expect(folderSnapshot(folder)).toEqual({});
    // A data folder that did not exist is not left behind, empty.
    const fresh = join(folder, 'new', 'data');
    await expect(fetchBenchmark(manifest, { folder: fresh, mirror: server.url, download: quick })).rejects.toThrow(
      /^fixture: sub dir\/b\.bin: /,
    );
    expect(existsSync(join(folder, 'new'))).toBe(false);
  });

  it('tries again after server errors, and not after a missing file', async () => {
    const { server, manifest } = await mirror({ failFirst: { '/fixture/a.json': 2 } });
    const folder = dataFolder();
    await fetchBenchmark(manifest, { folder, mirror: server.url, download: { ...quick, attempts: 3 } });
    expect(server.requests.filter((path) => path === '/fixture/a.json')).toHaveLength(3);

    const missing = { ...manifest, files: [{ ...manifest.files[0]!, path: 'gone.json' }] };
    await expect(fetchBenchmark(missing, { folder, mirror: server.url, download: quick })).rejects.toThrow(
      /^fixture: gone\.json: HTTP 404 Not Found \(http:\/\/127\.0\.0\.1:\d+\/fixture\/gone\.json\)$/,
    );
    expect(server.requests.filter((path) => path === '/fixture/gone.json')).toHaveLength(1);
  });

  it('stops reading a file longer than recorded, and gives up on a stalled server', async () => {
    const { server, manifest } = await mirror({
      replace: { '/fixture/a.json': Buffer.alloc(5_000_000) },
      stall: ['/fixture/c.txt'],
    });
    const folder = dataFolder();
    const only = (path: string) => ({ ...manifest, files: manifest.files.filter((file) => file.path === path) });
    await expect(fetchBenchmark(only('a.json'), { folder, mirror: server.url, download: quick })).rejects.toThrow(
      /^fixture: a\.json: size mismatch \(expected 15 bytes, got more\)$/,
    );
    const stalled = { attempts: 1, idleTimeoutMs: 200 };
    await expect(fetchBenchmark(only('c.txt'), { folder, mirror: server.url, download: stalled })).rejects.toThrow(
      /^fixture: c\.txt: no data for 0\.2 s \(1 try, http:\/\/127\.0\.0\.1:\d+\/fixture\/c\.txt\)$/,
    );
    expect(folderSnapshot(folder)).toEqual({});
  });

  it('removes the temporary folders of fetches whose process is gone', async () => {
    const { server, manifest } = await mirror();
    const folder = dataFolder();
    const abandoned = join(folder, '.fixture.partial-999999999-x1');
    mkdirSync(abandoned);
    writeFileSync(join(abandoned, 'a.json'), 'half');
    await fetchBenchmark(manifest, { folder, mirror: server.url, download: quick });
    expect(existsSync(abandoned)).toBe(false);
  });
});

describe('fetching a benchmark from upstream', () => {
  it('reads each file from its pinned URL and makes derived files from their source', async () => {
    const { server, manifest } = await mirror();
    const folder = dataFolder();
    const result = await fetchBenchmark(manifest, { folder, download: quick });
    expect(result.downloaded).toBe(4);
    expect(server.requests.at(-1)).toBe('/upstream/constants.py');
    expect(readFileSync(join(folder, 'fixture', 'constants.json'), 'utf8')).toBe(
      fixture.contents['constants.json']!.toString(),
    );
    expect(readdirSync(join(folder, 'fixture')).sort()).toEqual(['a.json', 'c.txt', 'constants.json', 'sub dir']);
  });

  it('checks the source and the file made from it', async () => {
    const { manifest } = await mirror();
    const derived = manifest.files.find((file) => file.upstream.derivation)!;
    const folder = dataFolder();
    const wrongSource = {
      ...manifest,
      files: [{ ...derived, upstream: { ...derived.upstream, sha256: '0'.repeat(64) } }],
    };
    await expect(fetchBenchmark(wrongSource, { folder, download: quick })).rejects.toThrow(
      /^fixture: constants\.json: upstream constants\.py: SHA-256 mismatch \(expected 0{64}, got [0-9a-f]{64}\)$/,
    );
    const wrongResult = { ...manifest, files: [{ ...derived, sha256: '1'.repeat(64) }] };
    await expect(fetchBenchmark(wrongResult, { folder, download: quick })).rejects.toThrow(
      /^fixture: constants\.json: made from constants\.py: SHA-256 mismatch \(expected 1{64}, got [0-9a-f]{64}\)$/,
    );
    expect(folderSnapshot(folder)).toEqual({});
  });
});
