import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compareServed } from '../../lab/analyses/served-comparison.ts';
import { runServedArms } from '../../lab/probes/served-runs.ts';

it('runs genenv run and genenv serve + genenv train for a seed; on the student world the two arms agree', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-served-arms-'));
  try {
    const lines: string[] = [];
    const runs = await runServedArms({
      preset: 'student',
      overrides: { epochs: 2, tasksPerEpoch: 8, variations: 2, samples: 8 },
      seeds: [2],
      directory,
      log: (line) => lines.push(line),
    });
    expect(lines).toHaveLength(2);
    for (const name of ['in-process/summary.json', 'serve/summary.json', 'train/agent/student.json', 'train.log'])
      expect(existsSync(join(directory, 'seed-2', name)), name).toBe(true);
    const comparison = compareServed(
      runs.map((run) => run.inProcess),
      runs.map((run) => run.served),
    );
    expect(comparison.finalEpoch).toBe(2);
    expect(comparison.heldOut.map((entry) => entry.set)).toEqual(['test-hard', 'test-id']);
    // The simulated student through the service is the same run as in-process: every difference is 0.
    const pairs = [
      ...comparison.heldOut,
      ...comparison.course.flatMap((epoch) => Object.values(epoch.metrics)),
      ...Object.values(comparison.overall),
    ];
    expect(pairs.every((pair) => pair.difference.values.length === 1 && pair.matches)).toBe(true);
    expect(pairs.flatMap((pair) => pair.difference.values).every((value) => value === 0)).toBe(true);
    // Not the agreement of two empty runs: the student solves some tasks and the curriculum moves.
    const success = runs[0]!.inProcess.epochs.map((epoch) => epoch.successRate);
    expect(new Set(success).size).toBeGreaterThan(1);
    expect(success.every((value) => value !== null && value > 0)).toBe(true);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}, 30_000);
