import { describe, expect, it } from 'vitest';
import { liveReport, reportDue } from './live-report.ts';

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

describe('liveReport', () => {
  const epochEnd = (epoch: number) => ({ type: 'epoch-end' as const, epoch, metrics: {} });

  it('rewrites on epoch ends only', () => {
    const written: string[] = [];
    const live = liveReport('/run', (directory) => written.push(directory), { share: 1 });
    live.sink({ type: 'phase', epoch: 0, phase: 'generate' });
    live.sink(epochEnd(0));
    live.sink(epochEnd(1));
    expect(written).toEqual(['/run', '/run']);
    expect(live.durations).toHaveLength(2);
  });

  it('warns once and stops rewriting when a rewrite fails, without throwing', () => {
    const warnings: string[] = [];
    let calls = 0;
    const live = liveReport(
      '/run',
      () => {
        calls += 1;
        throw new Error('disk full');
      },
      { share: 1, warn: (message) => warnings.push(message) },
    );
    expect(() => {
      live.sink(epochEnd(0));
      live.sink(epochEnd(1));
    }).not.toThrow();
    expect(calls).toBe(1);
    expect(warnings).toEqual(['report.html is not rewritten during this run: disk full\n']);
  });
});
