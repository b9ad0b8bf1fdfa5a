import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import { createLadderWorld } from '../domains/ladder/index.ts';
import type { Domain, SimulatorContext } from '../interfaces/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { cellChoices } from './frontier-source.ts';

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

describe('the simulator writing inside the cell the sampler drew (frontierWriter)', () => {
  /** A parametric simulator that keeps the contexts it answers. */
  class Recorder extends ParametricSimulator {
    readonly asked: SimulatorContext[][] = [];
    override async propose(...args: Parameters<ParametricSimulator['propose']>) {
      this.asked.push(args[0]);
      return super.propose(...args);
    }
  }
  const recorded = async (overrides: Record<string, unknown>) => {
    let simulator: Recorder | undefined;
    const settings = { epochs: 2, tasksPerEpoch: 8, frontierShare: 0.5, ...overrides };
    const run = await runOnArithmetic(settings, undefined, (domain) => {
      simulator = new Recorder(domain);
      return simulator;
    });
    const frontier = [1, 2].flatMap((epoch) => run.store.proposals(epoch, 'frontier'));
    run.store.close();
    return { ...run, frontier, simulator: simulator! };
  };

  it("names each drawn cell in the simulator's context and offers the cell's specs as its choices", async () => {
    const run = await recorded({ frontierWriter: 'simulator' });
    const domain = run.domain as Domain;
    const cellContexts = run.simulator.asked.flat().filter((context) => context.cell !== undefined);
    expect(cellContexts).toHaveLength(8);
    for (const context of cellContexts) {
      expect(context.choices!.length).toBeGreaterThan(0);
      const texts = context.choices!.map((choice) => domain.formatSpec(choice));
      expect(new Set(texts).size).toBe(texts.length);
      for (const choice of context.choices!) expect(domain.knobValuesOf!(choice)).toEqual(context.cell);
    }
    // Its proposals are the frontier's task types, in the simulator's own version; one outside its cell is rejected.
    expect(run.frontier).toHaveLength(8);
    for (const record of run.frontier) {
      expect(record.simulatorVersion).toMatch(/^parametric-v/);
      if (!record.valid) expect(record.reason).toMatch(/^not one of the \d+ task types its context offered$/);
    }
  });

  it('leaves the domain to write the cells by default, and in the sampler alone', async () => {
    for (const overrides of [{}, { frontierWriter: 'simulator', variant: 'sampler' }]) {
      const run = await recorded(overrides);
      expect(run.simulator.asked.flat().some((context) => context.cell !== undefined)).toBe(false);
      expect(run.frontier.length).toBeGreaterThan(0);
      for (const record of run.frontier) expect(record.simulatorVersion).toBe('frontier');
    }
  });

  it('finds the distinct specs of a cell, each in it, the same given the seed', () => {
    const domain = createLadderWorld({ heldOutSize: 1 }) as Domain;
    const choices = cellChoices(domain, { constraints: 3, distractors: 2 }, 7);
    // Three of the six attributes: at most 20 specs, nearly all found in 64 draws.
    expect(choices.length).toBeGreaterThan(15);
    expect(choices.length).toBeLessThanOrEqual(20);
    for (const choice of choices) expect(domain.knobValuesOf!(choice)).toEqual({ constraints: 3, distractors: 2 });
    expect(cellChoices(domain, { constraints: 3, distractors: 2 }, 7)).toEqual(choices);
    expect(cellChoices(domain, { constraints: 9, distractors: 2 }, 7)).toEqual([]);
  });
});
