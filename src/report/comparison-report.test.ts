import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeComparisonFixture } from '../../test/support/report-fixtures.ts';
import { RolloutsToReachSchema } from '../interfaces/summary.ts';
import { loadComparison } from './comparison-data.ts';
import { comparisonReportHtml } from './comparison-report.ts';

const root = mkdtempSync(join(tmpdir(), 'genenv-comparison-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeComparisonFixture(root, [1, 2], 4);
const data = loadComparison(root);

/** The rows of the page's table `id`, each as its cells' text. */
function tableRows(html: string, id: string): string[][] {
  const table = html.slice(html.indexOf(`data-table="${id}"`));
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!),
  );
}

const reach = RolloutsToReachSchema.parse({
  set: 'test-hard',
  baselines: ['random', 'static'],
  baseline: 'random',
  target: 0.55,
  counted: false,
  variants: [
    {
      variant: 'genenv',
      epoch: 2,
      rollouts: 1920.4,
      share: 0.5,
      budget: 3840,
      perSeed: [
        { seed: 1, epoch: 2, rollouts: 1920, budget: 3840 },
        { seed: 2, epoch: 2, rollouts: 1921, budget: 3840 },
      ],
    },
    {
      variant: 'random',
      epoch: 4,
      rollouts: 3840,
      share: 1,
      budget: 3840,
      perSeed: [
        { seed: 1, epoch: 4, rollouts: 3840, budget: 3840 },
        { seed: 2, epoch: null, rollouts: null, budget: 3840 },
      ],
    },
    {
      variant: 'static',
      epoch: null,
      rollouts: null,
      share: null,
      budget: 3840,
      perSeed: [{ seed: 1, epoch: null, rollouts: null, budget: 3840 }],
    },
  ],
});

describe('the comparison report', () => {
  it('shows the rollouts each variant took to reach the strongest baseline, with their definition', () => {
    const html = comparisonReportHtml({ ...data, comparison: { ...data.comparison, rolloutsToReach: reach } }, 'now');
    expect(html).toContain('<h2>Rollouts to reach random&#39;s final test-hard</h2>');
    expect(html).toContain('at least random&#39;s final 0.550 (the strongest of random, static)');
    expect(html).not.toContain('counted as epoch');
    expect(tableRows(html, 'rollouts-to-reach')).toEqual([
      ['genenv', '2', '1920', '0.50×', '2 of 2', '3840'],
      ['random', '4', '3840', '1.00×', '1 of 2', '3840'],
      ['static', '—', 'not reached', '—', '0 of 1', '3840'],
    ]);
    const counted = comparisonReportHtml(
      { ...data, comparison: { ...data.comparison, rolloutsToReach: { ...reach, counted: true } } },
      'now',
    );
    expect(counted).toContain('their rollouts are counted as epoch × tasksPerEpoch × n × G');
  });

  it('says why a comparison without the figure has none', () => {
    const html = comparisonReportHtml(data, 'now');
    expect(html).not.toContain('data-table="rollouts-to-reach"');
    expect(html).toContain('comparison.json holds no rollouts to reach');
  });
});
