import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenEnvError } from '../interfaces/errors.ts';
import { buildReport, directoryKind } from './index.ts';
import { writeComparisonFixture, writeRunFixture } from '../../test/support/report-fixtures.ts';

let root = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'genenv-report-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every `data-chart` id with its declared point count, in page order. */
function charts(html: string): Record<string, number> {
  return Object.fromEntries(
    [...html.matchAll(/data-chart="([^"]+)" data-points="(\d+)"/g)].map((match) => [match[1]!, Number(match[2])]),
  );
}

/**
 * Things that would make a browser fetch: scripts, stylesheets, images, frames, CSS urls (in-page `url(#id)` excepted),
 * imports.
 */
function externalReferences(html: string): string[] {
  return [...html.matchAll(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\((?!#)|@import/gi)].map((match) => match[0]);
}

describe('buildReport', () => {
  it('writes a self-contained run report with the five run charts rendered as SVG', async () => {
    writeRunFixture(join(root, 'run'), { variant: 'genenv', seed: 3, epochs: 5, skipHeldOutAt: [2] });
    const path = await buildReport(join(root, 'run'));
    expect(path).toBe(join(root, 'run', 'report.html'));
    const html = readFileSync(path, 'utf8');
    expect(Object.keys(charts(html))).toEqual([
      'training-curves',
      'training-dynamics',
      'curriculum',
      'calibration',
      'solved-fractions',
    ]);
    expect(Object.values(charts(html)).every((points) => points > 0)).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(5);
    expect(externalReferences(html)).toEqual([]);
    expect(html).toContain("default-src 'none'");
    // No attribute of an SVG chart is cut short by a quote inside it (the font stack in every text style).
    expect(html).not.toMatch(/style="[^"]*font-family:[^"]*"[^"\s>]/);
    expect(html).toContain('data-table="config"');
    // Every data point of the calibration strip is an SVG element tagged with its data index.
    const calibration = html.slice(
      html.indexOf('data-chart="calibration"'),
      html.indexOf('data-chart="solved-fractions"'),
    );
    expect((calibration.match(/ecmeta_data_index=/g) ?? []).length).toBeGreaterThanOrEqual(charts(html).calibration!);
  });

  it('writes a comparison report with variants, data efficiency and per-variant calibration', async () => {
    writeComparisonFixture(join(root, 'comparison'), [1, 2], 4);
    const html = readFileSync(await buildReport(join(root, 'comparison')), 'utf8');
    const ids = Object.keys(charts(html));
    expect(ids.slice(0, 2)).toEqual(['variants', 'data-efficiency']);
    expect(ids).toEqual(
      expect.arrayContaining([
        'training-curves',
        'training-dynamics',
        'curriculum',
        'solved-fractions',
        'calibration-genenv',
        'calibration-static-3.3x',
      ]),
    );
    expect(externalReferences(html)).toEqual([]);
    expect(html).toContain('data-table="results"');
    expect(html).toContain('data-table="runs"');
    // Unique SVG style scopes: the charts' CSS classes must not leak into each other.
    const scopes = [...html.matchAll(/class="(zr\d+)-cls-/g)].map((match) => match[1]);
    expect(new Set(scopes).size).toBe(ids.length);
  });

  it('shows the climb beside the emergent curriculum when runs recorded task types per difficulty level', async () => {
    writeRunFixture(join(root, 'run-levels'), { variant: 'genenv', seed: 2, epochs: 4, difficultyLevels: true });
    const runHtml = readFileSync(await buildReport(join(root, 'run-levels')), 'utf8');
    expect(Object.keys(charts(runHtml))).toEqual([
      'training-curves',
      'training-dynamics',
      'curriculum',
      'climb',
      'calibration',
      'solved-fractions',
    ]);
    const climb = runHtml.slice(runHtml.indexOf('data-chart="climb"'), runHtml.indexOf('data-chart="calibration"'));
    expect(climb).toContain('<h3>The climb</h3>');
    expect(charts(runHtml).climb).toBeGreaterThan(0);
    // Every mean point and heatmap cell is an SVG element tagged with its data index.
    expect((climb.match(/ecmeta_data_index=/g) ?? []).length).toBeGreaterThanOrEqual(charts(runHtml).climb!);

    writeComparisonFixture(join(root, 'comparison-levels'), [1, 2], 4, true);
    const html = readFileSync(await buildReport(join(root, 'comparison-levels')), 'utf8');
    const ids = Object.keys(charts(html));
    expect(ids.indexOf('climb')).toBe(ids.indexOf('curriculum') + 1);
    for (const variant of ['genenv', 'random', 'static-3.3x']) expect(html).toContain(`${variant}: share per level`);
    expect(externalReferences(html)).toEqual([]);
    // The fixture comparison without levels (a store from before them) has no climb and no error.
    expect(charts(readFileSync(join(root, 'comparison', 'report.html'), 'utf8')).climb).toBeUndefined();
  });

  it('escapes text from the stored files', async () => {
    const directory = join(root, 'escaped');
    writeRunFixture(directory, { variant: 'genenv', seed: 1, epochs: 2 });
    const summaryPath = join(directory, 'summary.json');
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
    summary.domain = '<script>alert(1)</script>';
    writeFileSync(summaryPath, JSON.stringify(summary));
    const html = readFileSync(await buildReport(directory), 'utf8');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows stored link diagnostics as tables with their findings, and names a malformed one', async () => {
    const directory = join(root, 'diagnosed');
    writeRunFixture(directory, { variant: 'genenv', seed: 1, epochs: 2 });
    mkdirSync(join(directory, 'diagnostics'));
    const diagnostic = {
      name: 'misranking',
      title: 'Thm. 1: mis-ranking <rate>',
      description: 'genenv diagnose misranking',
      columns: ['n', 'measured', 'bound'],
      rows: [
        [16, 0.31, 3.5],
        [64, 0.12, null],
      ],
      finding: 'the bound is vacuous below n = 400',
    };
    writeFileSync(join(directory, 'diagnostics', 'misranking.json'), JSON.stringify(diagnostic));
    const html = readFileSync(await buildReport(directory), 'utf8');
    expect(html).toContain('data-table="diagnostic-misranking"');
    expect(html).toContain('Thm. 1: mis-ranking &lt;rate&gt;');
    expect(html).toContain('the bound is vacuous below n = 400');
    expect(html).toContain('0.310');
    writeFileSync(join(directory, 'diagnostics', 'broken.json'), JSON.stringify({ name: 'broken' }));
    await expect(buildReport(directory)).rejects.toThrow(/broken\.json is malformed/);
  });

  it('says what a directory holds, or why it cannot report on it', async () => {
    expect(directoryKind(join(root, 'run'))).toBe('run');
    expect(directoryKind(join(root, 'comparison'))).toBe('comparison');
    mkdirSync(join(root, 'empty'));
    await expect(buildReport(join(root, 'empty'))).rejects.toThrow(
      /holds neither summary\.json \(a run\) nor comparison\.json/,
    );
    await expect(buildReport(join(root, 'absent'))).rejects.toBeInstanceOf(GenEnvError);
  });
});
