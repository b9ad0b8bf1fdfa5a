import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RunConfigSchema } from '../../src/interfaces/config.ts';
import { metricVocabulary } from '../../src/interfaces/metrics.ts';
import { vocabularyNameOf } from '../support/metric-vocabulary.ts';
import { runCli } from '../support/run-cli.ts';

/**
 * Reference pages the code keeps true: docs/configuration.md names every field of the run configuration, and
 * docs/metrics.md the metric vocabulary (src/interfaces/metrics.ts) name by name with its units, which holds every
 * column a run writes to metrics.csv (from real short runs of the ladder and student presets), so a field or a
 * metric added without its line fails the suite.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = (name: string) => readFileSync(join(root, 'docs', name), 'utf8');
const codeSpans = (markdown: string) => new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!));

/**
 * The rows of docs/metrics.md's name tables (those whose header starts `| name | unit |`): the name (the first cell,
 * one code span) and the unit (the second cell), in page order.
 */
function documentedMetrics(markdown: string): { name: string; unit: string }[] {
  const rows: { name: string; unit: string }[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (/^\| name \| unit \|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !/^\|[-| ]+\|$/.test(line)) {
      const [name, unit] = line
        .split(/(?<!\\)\|/)
        .slice(1, 3)
        .map((cell) => cell.trim());
      rows.push({ name: /^`([^`]+)`$/.exec(name ?? '')?.[1] ?? `not one code span: ${name}`, unit: unit ?? '' });
    }
  }
  return rows;
}

describe('docs/configuration.md', () => {
  it('names every field of the run configuration', () => {
    const named = codeSpans(page('configuration.md'));
    const missing = Object.keys(RunConfigSchema.shape).filter((field) => !named.has(field));
    expect(missing).toEqual([]);
  });
});

describe('docs/metrics.md', () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-metrics-page-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function columnsOf(preset: string, config: object): Promise<string[]> {
    const configFile = join(folder, `${preset}.json`);
    writeFileSync(configFile, JSON.stringify(config));
    const out = join(folder, preset);
    const result = await runCli(['run', '--preset', preset, '--config', configFile, '--out', out, '--quiet']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return readFileSync(join(out, 'metrics.csv'), 'utf8').split('\n')[0]!.split(',');
  }

  it('names the vocabulary of src/interfaces/metrics.ts, every name once with its unit, and nothing else', () => {
    const rows = documentedMetrics(page('metrics.md'));
    expect(rows.map((row) => row.name)).toEqual([...metricVocabulary().keys()]);
    expect(rows.map((row) => `${row.name}: ${row.unit}`)).toEqual(
      [...metricVocabulary()].map(([name, unit]) => `${name}: ${unit}`),
    );
  });

  it('finds a column under its placeholder name', () => {
    expect(vocabularyNameOf('curriculum/level-12')).toBe('curriculum/level-<n>');
    expect(vocabularyNameOf('heldout/test-hard')).toBe('heldout/<set>');
    expect(vocabularyNameOf('warmstart/agent/sftSteps')).toBe('warmstart/agent/sftSteps');
    expect(vocabularyNameOf('simulator/klFromInitial')).toBeUndefined();
  });

  it('lists every column of metrics.csv of a short ladder run and a student run', { timeout: 120_000 }, async () => {
    const columns = [
      ...(await columnsOf('ladder', { epochs: 2, tasksPerEpoch: 4, heldOutLimit: 8, warmStartVariations: 4 })),
      ...(await columnsOf('student', { epochs: 2 })),
    ];
    // Every column is a name of the vocabulary, which the test above holds equal to the page.
    expect(columns.filter((column) => vocabularyNameOf(column) === undefined)).toEqual([]);
  });
});
