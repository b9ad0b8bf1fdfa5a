import { describe, expect, it } from 'vitest';
import { type SettingRun, settingFigures } from './setting-comparison.ts';

const run = (seed: number, testHard: number, validShare = 1): SettingRun => ({
  seed,
  testHard,
  testId: 0.9,
  inBand: testHard / 2,
  validShare,
  wallSeconds: 100 + seed,
});

describe('settings against their baselines', () => {
  const settings = new Map<string, SettingRun[]>([
    ['history', [run(2, 0.6), run(1, 0.5, 0.97), run(3, 0.7)]],
    ['genenv', [run(1, 0.4), run(2, 0.4), run(3, 0.5)]],
    ['random', [run(1, 0.2), run(2, 0.3)]],
  ]);

  it('orders the baselines first and pairs every setting with each baseline over the seeds both ran', () => {
    const figures = settingFigures(settings, ['genenv', 'random', 'sampler']);
    expect(figures.map((figure) => figure.setting)).toEqual(['genenv', 'random', 'history']);
    const history = figures[2]!;
    expect(history.seeds).toEqual([1, 2, 3]);
    expect(history.testHard.mean).toBeCloseTo(0.6, 12);
    expect(history.lowestValidShare).toBe(0.97);
    expect(history.against.map((pair) => [pair.baseline, pair.seeds])).toEqual([
      ['genenv', 3],
      ['random', 2],
    ]);
    // Differences 0.1, 0.2, 0.2: mean 1/6, the t interval around it.
    const genenv = history.against[0]!;
    expect(genenv.testHard.mean).toBeCloseTo(0.5 / 3, 12);
    expect(genenv.testHard.low).toBeLessThan(genenv.testHard.mean);
    expect(genenv.testHard.high).toBeGreaterThan(genenv.testHard.mean);
    expect(genenv.wallSeconds.mean).toBe(0);
    expect(figures[0]!.against).toEqual([]);
    expect(figures[1]!.against.map((pair) => pair.baseline)).toEqual(['genenv']);
  });

  it('leaves out a baseline that shares no seed, and valid shares of runs without proposals', () => {
    const apart = new Map<string, SettingRun[]>([
      ['genenv', [run(5, 0.4)]],
      ['edits', [run(1, 0.5), run(2, 0.5, Number.NaN)]],
    ]);
    const [, edits] = settingFigures(apart, ['genenv']);
    expect(edits!.against).toEqual([]);
    expect(edits!.lowestValidShare).toBe(1);
  });
});
