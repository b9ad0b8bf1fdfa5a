import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../../domains/arithmetic/index.ts';
import type { SimulatorContext, SimulatorRecord } from '../../interfaces/index.ts';
import { ParametricSimulator } from './parametric-simulator.ts';

const domain = createArithmeticDomain();
const seed = domain.seeds()[0]!;
const context = (index: number): SimulatorContext => ({
  id: `c${index}`,
  seed,
  stats: { family: seed.family, taskTypes: 0, recentSuccess: null },
  targetSuccess: 0.5,
});
const contexts = Array.from({ length: 64 }, (_, index) => context(index));

describe('parametric simulator', () => {
  it('proposes valid specs deterministically from a seed', async () => {
    const simulator = new ParametricSimulator(domain);
    const first = await simulator.propose(contexts, { seed: 3 });
    expect(await simulator.propose(contexts, { seed: 3 })).toEqual(first);
    for (const proposal of first) {
      expect(domain.parseSpec(proposal.raw).ok || proposal.spec === undefined).toBe(true);
      expect(Array.isArray(proposal.sample)).toBe(true);
    }
  });
  it('warm-starts on the seeds, then RWR moves proposals toward high-weight specs under the KL cap', async () => {
    const simulator = new ParametricSimulator(domain, { klCap: 0.3 });
    await simulator.warmStart(
      domain.seeds().map((task) => ({ context: context(0), target: domain.formatSpec(task.spec), spec: task.spec })),
    );
    const digitsIndex = domain.knobs.findIndex((knob) => knob.name === 'digits');
    const meanDigits = (dist: number[][]) => dist[digitsIndex]!.reduce((sum, p, index) => sum + p * (index + 1), 0);
    const before = meanDigits(simulator.distribution());
    for (let round = 0; round < 5; round++) {
      const proposals = await simulator.propose(contexts, { seed: round });
      // Reward proposals with more digits: weight grows with the digits knob.
      const records: SimulatorRecord[] = proposals.map((proposal) => {
        const digits = (proposal.sample as number[])[digitsIndex]! + 1;
        return {
          context: context(0),
          proposal,
          target: proposal.raw,
          successRate: 0.5,
          envReward: 1,
          weight: digits >= 3 ? 5 : 0.01,
        };
      });
      const stats = await simulator.update({ records }, { seed: round });
      expect(stats.updateKl).toBeLessThanOrEqual(0.3 + 1e-9);
    }
    expect(meanDigits(simulator.distribution())).toBeGreaterThan(before + 0.5);
  });
  it('ignores an empty batch and round-trips its checkpoint exactly', async () => {
    const simulator = new ParametricSimulator(domain);
    const proposals = await simulator.propose(contexts.slice(0, 8), { seed: 1 });
    expect((await simulator.update({ records: [] }, { seed: 1 })).records).toBe(0);
    await simulator.update(
      {
        records: proposals.map((proposal) => ({
          context: context(0),
          proposal,
          target: proposal.raw,
          successRate: 0.5,
          envReward: 1,
          weight: 1,
        })),
      },
      { seed: 2 },
    );
    const folder = mkdtempSync(join(tmpdir(), 'parametric-'));
    await simulator.save(folder);
    const restored = new ParametricSimulator(domain);
    await restored.load(folder);
    expect(restored.distribution()).toEqual(simulator.distribution());
    expect(restored.version).toBe(simulator.version);
    expect(await restored.propose(contexts, { seed: 9 })).toEqual(await simulator.propose(contexts, { seed: 9 }));
  });
  it('rejects bad options and foreign checkpoints with one line', async () => {
    expect(() => new ParametricSimulator(domain, { klCap: -1 })).toThrow(/klCap/);
    await expect(new ParametricSimulator(domain).load(mkdtempSync(join(tmpdir(), 'empty-')))).rejects.toThrow(
      /cannot read parametric simulator checkpoint/,
    );
  });
});
