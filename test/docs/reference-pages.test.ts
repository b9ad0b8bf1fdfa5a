import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RunConfigSchema } from '../../src/interfaces/config.ts';
import { runCli } from '../support/run-cli.ts';

/**
 * Reference pages the code keeps true: docs/configuration.md names every field of the run configuration, and
 * docs/metrics.md every column a run writes to metrics.csv (from real short runs of the ladder and student presets),
 * so a field or a metric added without its line fails the suite.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = (name: string) => readFileSync(join(root, 'docs', name), 'utf8');
const codeSpans = (markdown: string) => new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!));

/** The documented name a column falls under: families written with a placeholder in the page. */
function documentedName(column: string): string {
  if (column.startsWith('warmstart/')) return 'warmstart/…';
  if (column.startsWith('heldout/')) return 'heldout/<set>';
  if (column.startsWith('complexity/')) return 'complexity/<feature>';
  if (/^curriculum\/level-\d+$/.test(column)) return 'curriculum/level-<n>';
  return column;
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

  it('maps column families to their placeholder names', () => {
    expect(documentedName('curriculum/level-12')).toBe('curriculum/level-<n>');
    expect(documentedName('heldout/test-hard')).toBe('heldout/<set>');
    expect(documentedName('warmstart/agent/sftSteps')).toBe('warmstart/…');
    expect(documentedName('pool/frontier')).toBe('pool/frontier');
  });

  it('lists every column of metrics.csv of a short ladder run and a student run', { timeout: 120_000 }, async () => {
    const columns = [
      ...(await columnsOf('ladder', { epochs: 2, tasksPerEpoch: 4, heldOutLimit: 8, warmStartVariations: 4 })),
      ...(await columnsOf('student', { epochs: 2 })),
    ];
    const named = codeSpans(page('metrics.md'));
    const missing = [...new Set(columns.map(documentedName))].filter((name) => !named.has(name));
    expect(missing).toEqual([]);
  });
});
