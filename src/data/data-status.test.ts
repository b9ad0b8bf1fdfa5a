import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataFixture } from '../../test/support/data-fixture.ts';
import { benchmarkFolder, dataFolder, displayPath } from './data-folder.ts';
import { dataStatus } from './data-status.ts';
import { installedDataPath } from './installed-data.ts';
import { bamboogleManifest } from './manifests/bamboogle.ts';

const fixture = makeDataFixture();
const manifest = fixture.manifest('http://127.0.0.1:9');
const folders = [fixture.root];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folderWith(files: Record<string, Buffer | string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-data-status-'));
  folders.push(folder);
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'fixture', path)), { recursive: true });
    writeFileSync(join(folder, 'fixture', path), bytes);
  }
  return folder;
}

describe('the state of a benchmark in the data folder', () => {
  it('is present when every file verifies, missing when none is there, corrupt otherwise', async () => {
    expect(await dataStatus(manifest, folderWith(fixture.contents))).toMatchObject({
      state: 'present',
      files: 4,
      problems: [],
    });
    expect(await dataStatus(manifest, folderWith({}))).toMatchObject({ state: 'missing', problems: [] });
    const wrong = Buffer.from(fixture.contents['a.json']!);
    wrong[0] = 0x5b;
    const corrupt = await dataStatus(manifest, folderWith({ ...fixture.contents, 'a.json': wrong, 'c.txt': 'short' }));
    expect(corrupt.state).toBe('corrupt');
    expect(corrupt.problems).toEqual([
      expect.stringMatching(/^a\.json: SHA-256 mismatch \(expected [0-9a-f]{64}, got [0-9a-f]{64}\)$/),
      'c.txt: size mismatch (expected 11 bytes, got 5)',
    ]);
    const partial = await dataStatus(manifest, folderWith({ 'a.json': fixture.contents['a.json']! }));
    expect(partial).toMatchObject({
      state: 'corrupt',
      problems: ['sub dir/b.bin: missing', 'c.txt: missing', 'constants.json: missing'],
    });
  });
});

describe('the data folder', () => {
  it('is GENENV_DATA_DIR, else genenv/data in XDG_CACHE_HOME, else in ~/.cache', () => {
    expect(dataFolder({ GENENV_DATA_DIR: '/data/genenv', XDG_CACHE_HOME: '/cache' })).toBe('/data/genenv');
    expect(dataFolder({ XDG_CACHE_HOME: '/cache' })).toBe('/cache/genenv/data');
    expect(dataFolder({})).toBe(join(homedir(), '.cache', 'genenv', 'data'));
    expect(benchmarkFolder('bfcl', '/data')).toBe('/data/bfcl');
    expect(displayPath(join(homedir(), '.cache', 'genenv', 'data'))).toBe('~/.cache/genenv/data');
    expect(displayPath('/elsewhere')).toBe('/elsewhere');
  });

  it('is where genenv eval looks without --data; a missing or damaged copy names the command that fetches it', async () => {
    const empty = folderWith({});
    await expect(installedDataPath('bamboogle', empty)).rejects.toThrow(
      `no bamboogle data in ${join(empty, 'bamboogle')}: run genenv data fetch bamboogle (or pass --data <folder>)`,
    );
    const file = bamboogleManifest.files[0]!;
    mkdirSync(join(empty, 'bamboogle'));
    writeFileSync(join(empty, 'bamboogle', file.path), 'not the data');
    await expect(installedDataPath('bamboogle', empty)).rejects.toThrow(
      `bamboogle data in ${join(empty, 'bamboogle')} is incomplete or corrupt (bamboogle.jsonl: size mismatch ` +
        `(expected ${file.bytes} bytes, got 12)): run genenv data fetch bamboogle (or pass --data <folder>)`,
    );
  });
});
