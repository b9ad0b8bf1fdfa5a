import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../src/internal.ts';
import { readStoredRunConfig } from './stored-run-config.ts';

describe('readStoredRunConfig', () => {
  const folders: string[] = [];
  const folderWith = (config: string) => {
    const folder = mkdtempSync(join(tmpdir(), 'genenv-stored-config-'));
    folders.push(folder);
    writeFileSync(join(folder, 'config.json'), config);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('reads a run stored before a rename under the new names, as a resume does', () => {
    const config = resolveRunConfig({ preset: 'student', overrides: {} });
    const { frontierPriorStrength, frontierPriorMean, ...rest } = config;
    const stored = { ...rest, frontierPrior: frontierPriorStrength, frontierPriorModel: frontierPriorMean };
    expect(readStoredRunConfig(folderWith(JSON.stringify(stored)))).toEqual(config);
  });

  it('refuses a file that is not a run config as an invalid file, naming it', () => {
    const folder = folderWith('{"epochs": "many"}');
    expect(() => readStoredRunConfig(folder)).toThrow(
      expect.objectContaining({ code: 'invalid-file', message: expect.stringContaining(join(folder, 'config.json')) }),
    );
    expect(() => readStoredRunConfig(folderWith('{'))).toThrow(expect.objectContaining({ code: 'invalid-file' }));
  });
});
