import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';

describe('frontier sampler with the knob model', () => {
  it("places cells by the model fitted to every cell's evidence, and draws the same on every run of a seed", async () => {
    const settings = { epochs: 4, tasksPerEpoch: 20, frontierShare: 0.5, rwrFilter: 'none' };
    const alpha = await runOnArithmetic(settings);
    const model = await runOnArithmetic({ ...settings, frontierPriorMean: 'knobs' });
    const draws = (run: typeof alpha, epoch: number) =>
      run.store.proposals(epoch, 'frontier').map((record) => record.raw);
    expect(draws(model, 1)).toHaveLength(10);
    // Epoch 1 sees only epoch 0's simulator proposals: evidence on some cells, which the model spreads to the rest.
    expect(
      [1, 2, 3, 4].some((epoch) => JSON.stringify(draws(model, epoch)) !== JSON.stringify(draws(alpha, epoch))),
    ).toBe(true);
    const again = await runOnArithmetic({ ...settings, frontierPriorMean: 'knobs' });
    for (const epoch of [1, 2, 3, 4]) expect(draws(again, epoch)).toEqual(draws(model, epoch));
    for (const run of [alpha, model, again]) run.store.close();
  });
});
