import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allBenchmarkData, benchmarkData } from '../support/benchmark-data.ts';
import { runCli } from '../support/run-cli.ts';

const data = allBenchmarkData();

describe.skipIf(data.skip).concurrent(data.title('genenv eval --policy oracle on the real data'), () => {
  it.each([
    ['bfcl', { accuracy: 1, entryAccuracy: 1 }],
    ['bamboogle', { accuracy: 1, f1: 1 }],
    ['travelplanner', { accuracy: 1, finalPassRate: 1 }],
    ['api-bank', { accuracy: 1, accuracyFixed: 1 }],
    ['alfworld', { accuracy: 1 }],
  ] as const)(
    '%s: the oracle scores 1 and per-item results are written',
    async (benchmark, expected) => {
      const out = join(mkdtempSync(join(tmpdir(), 'genenv-eval-')), benchmark);
      const result = await runCli([
        'eval',
        '--benchmark',
        benchmark,
        '--policy',
        'oracle',
        '--data',
        benchmarkData(benchmark).path,
        '--json',
        '--out',
        out,
      ]);
      expect(result.code, result.stderr).toBe(0);
      const summary = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(summary).toMatchObject({ benchmark, policy: 'oracle', ...expected });
      expect(Object.keys(summary.table1 as object).length).toBeGreaterThan(0);
      const items = readFileSync(join(out, 'items.jsonl'), 'utf8').trim().split('\n');
      expect(items.length).toBeGreaterThan(0);
      expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject(expected);
    },
    120_000,
  );

  it("api-bank official mode reports the official evaluator's verdict on its own gold answers", async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'genenv-eval-')), 'api-bank');
    const result = await runCli([
      'eval',
      '--benchmark',
      'api-bank',
      '--policy',
      'oracle',
      '--data',
      benchmarkData('api-bank').path,
      '--json',
      '--out',
      out,
    ]);
    const summary = JSON.parse(result.stdout) as { officialAccuracy: number; officialGoldAccuracy: number };
    expect(summary.officialAccuracy).toBeLessThan(1);
    expect(summary.officialAccuracy).toBeCloseTo(summary.officialGoldAccuracy, 12);
  }, 120_000);
});
