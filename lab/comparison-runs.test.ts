import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { comparisonRuns } from './comparison-runs.ts';

describe('comparisonRuns', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('lists the seed runs per variant, following a linked variant folder and skipping unfinished runs', () => {
    const root = mkdtempSync(join(tmpdir(), 'genenv-comparison-'));
    folders.push(root);
    const run = (path: string, finished: boolean) => {
      mkdirSync(path, { recursive: true });
      if (finished) writeFileSync(join(path, 'summary.json'), '{}');
    };
    run(join(root, 'other', 'random', 'seed-1'), true);
    run(join(root, 'mine', 'genenv', 'seed-2'), true);
    run(join(root, 'mine', 'genenv', 'seed-1'), true);
    run(join(root, 'mine', 'genenv', 'seed-3'), false);
    symlinkSync(join(root, 'other', 'random'), join(root, 'mine', 'random'));
    writeFileSync(join(root, 'mine', 'comparison.json'), '{}');
    const runs = comparisonRuns(join(root, 'mine'), 'summary.json');
    expect([...runs.keys()]).toEqual(['genenv', 'random']);
    expect(runs.get('genenv')).toEqual([
      join(root, 'mine', 'genenv', 'seed-1'),
      join(root, 'mine', 'genenv', 'seed-2'),
    ]);
    expect(runs.get('random')).toEqual([join(root, 'mine', 'random', 'seed-1')]);
    expect(() => comparisonRuns(join(root, 'none'), 'summary.json')).toThrow(/no comparison directory/);
  });
});
