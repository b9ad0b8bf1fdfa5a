import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

describe('genenv bench link diagnostics', () => {
  it('thm1 prints the mis-ranking table and writes its JSON with --out', async () => {
    const out = mkdtempSync(join(tmpdir(), 'genenv-thm1-'));
    try {
      const result = await runCli(['bench', '--suite', 'thm1', '--quick', '--out', out]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('P(mis-rank) exact');
      const written = JSON.parse(readFileSync(join(out, 'thm1.json'), 'utf8'));
      expect(written.suite).toBe('thm1');
      const diagnostic = JSON.parse(readFileSync(join(out, 'diagnostics', 'thm1.json'), 'utf8'));
      expect(diagnostic.name).toBe('thm1');
      expect(diagnostic.rows[0]).toHaveLength(diagnostic.columns.length);
      // Every exact mis-ranking probability stays under the paper's bound (capped at 1).
      for (const row of written.rows) expect(row.exact).toBeLessThanOrEqual(Math.min(1, row.bound) + 1e-12);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('curriculum without two runs is a one-line usage error', async () => {
    const result = await runCli(['bench', '--suite', 'curriculum', '--runs', 'only-one']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--runs A,B');
  }, 60_000);

  it('curriculum on a folder without a run says so in one line', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'genenv-empty-'));
    try {
      const result = await runCli(['bench', '--suite', 'curriculum', '--runs', `${empty},${empty}`]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('holds no run.sqlite');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
