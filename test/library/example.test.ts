import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSortingWorld } from '../../examples/sorting-world.ts';
import { GenEnvError, resolveConfig, runCoevolution } from '../../src/index.ts';
import { describeDomainContract } from '../contracts/domain-contract.ts';

/**
 * The user's world of examples/sorting-world.ts passes every domain's contract, and a co-evolution runs on it through
 * the library's door with the fast simulated policies (the example's own run, with the built-in models, is run from
 * the packed package by test/library/consumer.test.ts).
 */
describeDomainContract('sorting (examples/)', () => createSortingWorld({ heldOutSize: 20 }), {
  nearMisses: (instance) => {
    const { sorted } = instance.payload as { sorted: number[] };
    return [
      { text: [...sorted].reverse().join(' '), policyVersion: 'near' },
      { text: sorted.slice(1).join(' '), policyVersion: 'near' },
    ].filter((miss) => miss.text !== sorted.join(' '));
  },
  invalidSpecTexts: ['n1 d1', 'n7 d1', 'n3 d3', 'n3'],
});

describe('a world of your own, run through the library', () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-library-example-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const config = {
    preset: 'student',
    domain: { name: 'sorting', options: { heldOutSize: 10 } },
    epochs: 2,
    tasksPerEpoch: 6,
  } as const;

  it('co-evolves on it: run directory, summary and report', async () => {
    const out = join(folder, 'run');
    const events: string[] = [];
    const { runDirectory, summary } = await runCoevolution(config, {
      out,
      domains: { sorting: createSortingWorld },
      onEvent: (event) => events.push(event.type),
    });
    expect(runDirectory).toBe(out);
    expect(summary.domain).toBe('sorting');
    expect(summary.completedEpochs).toBe(2);
    expect(Object.keys(summary.epochs.at(-1)!.heldOutAccuracy).sort()).toEqual(['test-hard', 'test-id']);
    expect(events).toContain('epoch-end');
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });

  it('refuses a world that is not given, or one that takes a built-in name, before writing anything', async () => {
    const out = join(folder, 'refused');
    // @ts-expect-error: the config's type, too, admits the name of a world only where the run is given it.
    await expect(runCoevolution(config, { out })).rejects.toThrow(/^unknown domain "sorting" \(known: arithmetic/);
    await expect(
      runCoevolution(config, { out, domains: { sorting: createSortingWorld, ladder: createSortingWorld } }),
    ).rejects.toThrow(GenEnvError);
    expect(existsSync(out)).toBe(false);
    expect(() => resolveConfig({ epochs: -1 })).toThrow(/^invalid config: epochs/);
  });
});
