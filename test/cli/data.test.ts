import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256OfBytes } from '../../src/data/file-check.ts';
import { allBenchmarkData } from '../support/benchmark-data.ts';
import { folderSnapshot } from '../support/data-fixture.ts';
import { type DataMirror, type MirrorBehaviour, startDataMirror } from '../support/data-mirror.ts';
import { runCli } from '../support/run-cli.ts';

const folders: string[] = [];
const mirrors: DataMirror[] = [];
afterEach(async () => {
  for (const mirror of mirrors.splice(0)) await mirror.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-data-cli-'));
  folders.push(folder);
  return folder;
}

async function mirrorOf(root: string, behaviour: MirrorBehaviour = {}): Promise<DataMirror> {
  const mirror = await startDataMirror(root, behaviour);
  mirrors.push(mirror);
  return mirror;
}

describe('genenv data without any benchmark data', () => {
  it('list reports every benchmark missing, with the command that fetches it', async () => {
    const folder = scratch();
    const result = await runCli(['data', 'list', '--dir', folder]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^genenv: api-bank is missing \(genenv data fetch api-bank gets it\); bfcl is missing/,
    );
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(`data folder: ${folder}`);
    expect(lines.slice(1)).toHaveLength(5);
    expect(lines[2]).toBe(`bfcl           missing  ${join(folder, 'bfcl')} (genenv data fetch bfcl gets it)`);
  });

  it('bad names and mirrors are one usage line; a file the mirror lacks fails without writing anything', async () => {
    const unknown = await runCli(['data', 'fetch', 'mmlu']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'genenv: unknown benchmark "mmlu" (known: api-bank, bfcl, bamboogle, travelplanner, alfworld, or all)\n',
    );
    const ftp = await runCli(['data', 'fetch', 'bfcl', '--mirror', 'ftp://example.org/data']);
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toBe('genenv: --mirror: expected an http or https URL, got ftp://example.org/data\n');

    const folder = scratch();
    const empty = await mirrorOf(scratch());
    const result = await runCli(['data', 'fetch', 'bamboogle', '--mirror', empty.url, '--dir', folder, '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `genenv: bamboogle: bamboogle.jsonl: HTTP 404 Not Found (${empty.url}/bamboogle/bamboogle.jsonl)\n`,
    );
    expect(folderSnapshot(folder)).toEqual({});
  });

  it('genenv eval names the command that fetches a missing dataset', async () => {
    const folder = scratch();
    const result = await runCli(['eval', '--benchmark', 'bfcl', '--policy', 'oracle'], { GENENV_DATA_DIR: folder });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `genenv: no bfcl data in ${join(folder, 'bfcl')}: run genenv data fetch bfcl (or pass --data <folder>)\n`,
    );
  });
});

const data = allBenchmarkData();

describe.skipIf(data.skip)(data.title('genenv data fetch from a loopback mirror of the real data'), () => {
  it('fetch all, then genenv eval finds bfcl in the data folder and the oracle scores 1; list tells what is there', async () => {
    const mirror = await mirrorOf(data.path);
    const folder = scratch();
    const fetched = await runCli(['data', 'fetch', 'all', '--mirror', mirror.url], { GENENV_DATA_DIR: folder });
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^api-bank: 288 files verified in ${folder}/api-bank \\(288 downloaded, `)),
      expect.stringMatching(/^bfcl: 15 files verified in .+\/bfcl \(15 downloaded, [\d.]+ kB from http/),
      expect.stringMatching(/^bamboogle: 1 file verified in /),
      expect.stringMatching(/^travelplanner: 10 files verified in /),
      expect.stringMatching(/^alfworld: 1 file verified in /),
    ]);
    expect(fetched.stderr).toContain(`bfcl: downloading 15 files, `);

    const out = join(scratch(), 'eval');
    const evaluated = await runCli(
      ['eval', '--benchmark', 'bfcl', '--policy', 'oracle', '--limit', '5', '--json', '--out', out],
      { GENENV_DATA_DIR: folder },
    );
    expect(evaluated.code, evaluated.stderr).toBe(0);
    expect(JSON.parse(evaluated.stdout)).toMatchObject({ accuracy: 1, entries: 5, data: join(folder, 'bfcl') });
    // Printed, the result counts what --limit counts (entries) and the turns in them, not the scored items.
    const printed = await runCli(['eval', '--benchmark', 'bfcl', '--policy', 'oracle', '--limit', '5', '--out', out], {
      GENENV_DATA_DIR: folder,
    });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.split('\n')[0]).toMatch(/^bfcl — policy oracle \(5 entries, \d+ turns; results in /);

    const again = await runCli(['data', 'fetch', 'bamboogle', '--mirror', mirror.url, '--dir', folder]);
    expect(again.stdout).toBe(`bamboogle: 1 file verified in ${join(folder, 'bamboogle')} (all were present)\n`);

    writeFileSync(join(folder, 'bamboogle', 'bamboogle.jsonl'), 'damaged\n');
    rmSync(join(folder, 'travelplanner'), { recursive: true });
    const listed = await runCli(['data', 'list', '--dir', folder]);
    // Not all present: exit 1, with one line naming each and its fix.
    expect(listed.code, listed.stderr).toBe(1);
    expect(listed.stderr).toBe(
      'genenv: bamboogle is corrupt (genenv data fetch bamboogle repairs it); ' +
        'travelplanner is missing (genenv data fetch travelplanner gets it)\n',
    );
    const lines = listed.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^api-bank {7}present {2}\S+\/api-bank \(288 files, [\d.]+ MB\)$/);
    expect(lines[3]).toMatch(
      /^bamboogle {6}corrupt {2}\S+\/bamboogle \(bamboogle\.jsonl: size mismatch \(expected \d+ bytes, got 8\); genenv data fetch bamboogle repairs it\)$/,
    );
    expect(lines[4]).toMatch(
      /^travelplanner {2}missing {2}\S+\/travelplanner \(genenv data fetch travelplanner gets it\)$/,
    );
  }, 180_000);

  it('a corrupted file on the mirror gives one checksum line and leaves the cache as it was', async () => {
    const folder = scratch();
    const good = await mirrorOf(data.path);
    const first = await runCli(['data', 'fetch', 'bfcl', '--mirror', good.url, '--dir', folder, '--quiet']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    // The cache needs two files again: one deleted, one damaged.
    rmSync(join(folder, 'bfcl', 'multi_turn_func_doc', 'math_api.json'));
    writeFileSync(join(folder, 'bfcl', 'possible_answer', 'BFCL_v4_multi_turn_long_context.json'), '[]');
    const before = folderSnapshot(folder);

    const original = readFileSync(join(data.path, 'bfcl', 'multi_turn_func_doc', 'math_api.json'));
    const corrupted = Buffer.from(original);
    corrupted[100] = corrupted[100]! ^ 0x20;
    const bad = await mirrorOf(data.path, { replace: { '/bfcl/multi_turn_func_doc/math_api.json': corrupted } });
    const result = await runCli(['data', 'fetch', 'bfcl', '--mirror', bad.url, '--dir', folder, '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `genenv: bfcl: multi_turn_func_doc/math_api.json: SHA-256 mismatch (expected ${sha256OfBytes(original)}, ` +
        `got ${sha256OfBytes(corrupted)})\n`,
    );
    expect(folderSnapshot(folder)).toEqual(before);
  }, 120_000);
});
