import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeRunFixture } from '../../test/support/report-fixtures.ts';
import type { EpochMetrics } from '../interfaces/index.ts';
import { backgroundReportRenderer } from './background-report.ts';
import { liveReport, type ReportRenderer, reportDue } from './live-report.ts';

describe('reportDue', () => {
  it('is due the first time', () => {
    expect(reportDue(0, null, 0.1)).toBe(true);
  });
  it('waits nine times the last rewrite when rewriting may take a tenth of the time', () => {
    const last = { endedAt: 1000, milliseconds: 100 };
    expect(reportDue(1899, last, 0.1)).toBe(false);
    expect(reportDue(1900, last, 0.1)).toBe(true);
  });
  it('rewrites at every chance when the share is 1', () => {
    expect(reportDue(1000, { endedAt: 1000, milliseconds: 500 }, 1)).toBe(true);
  });
});

/** A renderer whose rewrites finish when the test says so. */
function heldRenderer(fail: string | null = null) {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  let closed = false;
  const renderer: ReportRenderer = {
    render: (directory) =>
      new Promise((resolve, reject) => {
        written.push(directory);
        pending.push(() => (fail === null ? resolve(5) : reject(new Error(fail))));
      }),
    close: () => {
      closed = true;
    },
  };
  const release = async () => {
    for (const done of pending.splice(0)) done();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { renderer, written, release, closed: () => closed };
}

describe('liveReport', () => {
  // The live report reads only that an epoch ended, never its metrics.
  const epochEnd = (epoch: number) => ({ type: 'epoch-end' as const, epoch, metrics: {} as EpochMetrics });

  it('rewrites on epoch ends only, one rewrite at a time, then once more at the end', async () => {
    const held = heldRenderer();
    const live = liveReport('/run', held.renderer, { share: 1 });
    live.sink({ type: 'phase', epoch: 0, phase: 'generate' });
    live.sink(epochEnd(0));
    live.sink(epochEnd(1)); // the first rewrite is still going: skipped
    expect(held.written).toEqual(['/run']);
    await held.release();
    live.sink(epochEnd(2));
    expect(held.written).toEqual(['/run', '/run']);
    const finished = live.finish();
    await held.release(); // the rewrite of epoch 2
    await held.release(); // the final one
    expect(await finished).toBe(true);
    expect(held.written).toHaveLength(3);
    expect(live.durations).toEqual([5, 5, 5]);
    live.close();
    expect(held.closed()).toBe(true);
  });

  it('warns once and stops rewriting when a rewrite fails, without throwing; the end says it failed', async () => {
    const warnings: string[] = [];
    const held = heldRenderer('disk full');
    const live = liveReport('/run', held.renderer, { share: 1, warn: (message) => warnings.push(message) });
    live.sink(epochEnd(0));
    await held.release();
    live.sink(epochEnd(1));
    expect(held.written).toHaveLength(1);
    expect(warnings).toEqual(['report.html is not rewritten during this run: disk full\n']);
    expect(await live.finish()).toBe(false);
  });
});

describe('backgroundReportRenderer', () => {
  it("rewrites a run's report.html in its own process, and answers a directory without a run with the reason", async () => {
    const root = mkdtempSync(join(tmpdir(), 'genenv-report-'));
    const run = join(root, 'run');
    writeRunFixture(run, { variant: 'genenv', seed: 1, epochs: 2 });
    const renderer = backgroundReportRenderer();
    try {
      await expect(renderer.render(root)).rejects.toThrow(/holds neither/);
      expect(await renderer.render(run)).toBeGreaterThan(0);
      expect(readFileSync(join(run, 'report.html'), 'utf8')).toContain('<svg');
      const first = renderer.render(run);
      await expect(renderer.render(run)).rejects.toThrow('the report process is still rewriting');
      expect(await first).toBeGreaterThan(0);
    } finally {
      renderer.close();
    }
    await expect(renderer.render(run)).rejects.toThrow('the report process was stopped');
  }, 20_000);
});
