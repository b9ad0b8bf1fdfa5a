import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunConfigSchema } from '../interfaces/index.ts';
import { RunStore } from './run-store.ts';

const config = RunConfigSchema.parse({
  preset: 'test',
  seed: 1,
  epochs: 2,
  tasksPerEpoch: 2,
  variations: 1,
  samples: 2,
  alpha: 0.5,
  beta: 20,
  kMin: 0.1,
  lambda: 1,
  domain: { name: 'arithmetic' },
  agent: { policy: 'student' },
  simulator: { policy: 'parametric' },
});

/** A run directory whose config.json also holds `stored` (as written before those options were removed). */
function storedRun(stored: Record<string, unknown>): string {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-store-'));
  RunStore.create(directory, config).close();
  const path = join(directory, 'config.json');
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), ...stored }));
  return directory;
}

describe('a run stored before options were removed', () => {
  it('opens when the removed options were off', () => {
    const store = RunStore.open(storedRun({ oversample: 1, familyTemperature: 0, frontierFloor: 0 }));
    expect(store.config).toEqual(config);
    store.close();
  });
  it('is refused in one line when the run used one', () => {
    expect(() => RunStore.open(storedRun({ oversample: 4 }))).toThrow(
      /config\.json: oversample is no longer an option \(removed: it measured no gain/,
    );
    expect(() => RunStore.open(storedRun({ frontierFloor: 0.1 }))).toThrow(/frontierFloor is no longer an option/);
  });
});
