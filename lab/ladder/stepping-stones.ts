/**
 * Stepping stones along a domain's knob grid: from a warm-started agent, GRPO on the cells of one rung only, then
 * the success on that rung and on the next; the same agent then moves up one rung. A ladder has stepping stones
 * where every next rung is within reach (p ≥ 0.1) of an agent trained on the rung below.
 */
import { deriveSeed, type Domain } from '../../src/index.ts';
import { BuiltinAgent, loadModelState, type RolloutGroup, SamplerPool } from '../../src/internal.ts';
import { batchSuccess } from './batch-success.ts';
import { type Cell, cellInstances, cellRung, knobCells } from './knob-grid.ts';

export interface SteppingStone {
  /** The rung trained on. */
  rung: number;
  /** Success on the trained rung after its updates, in [0, 1]. */
  trainedSuccess: number;
  /** Success on the next rung after training on this one only, in [0, 1]. */
  nextSuccess: number;
  /** GRPO updates spent on this rung. */
  updates: number;
}

export interface SteppingStoneOptions {
  /** The lowest rung trained on (the seeds' top rung, say) and the highest. */
  fromRung: number;
  toRung: number;
  /**
   * GRPO updates per rung, each on `prompts` fresh instances × `samples` rollouts: until the rung is solved at ½
   * (checked every CHECK_EVERY updates), at most this many.
   */
  maxUpdates: number;
  prompts: number;
  samples: number;
  temperature: number;
  /** Instances per cell when success is measured. */
  measureInstances: number;
  seed: number;
}

/** Updates between checks of whether the trained rung is solved at ½. */
const CHECK_EVERY = 5;

/** Walks the rungs from `fromRung` to `toRung` with the agent saved in `agentDirectory` (left unchanged). */
export async function steppingStones(
  agentDirectory: string,
  domain: Domain,
  options: SteppingStoneOptions,
): Promise<SteppingStone[]> {
  const state = loadModelState(agentDirectory, 'agent');
  const agent = new BuiltinAgent(state, state.options.workers > 0 ? new SamplerPool(state.options.workers) : null);
  const cells = knobCells(domain);
  const onRung = (rung: number) => cells.filter((cell) => cellRung(domain, cell) === rung);
  const success = async (rung: number, label: number): Promise<number> => {
    const rates: number[] = [];
    for (const [index, cell] of onRung(rung).entries())
      rates.push(await cellSuccess(cell, deriveSeed(options.seed, 'measure', label, rung, index)));
    return rates.length ? rates.reduce((sum, rate) => sum + rate, 0) / rates.length : 0;
  };
  const cellSuccess = async (cell: Cell, seed: number): Promise<number> => {
    const instances = cellInstances(domain, cell, options.measureInstances, seed);
    const [outcome] = await batchSuccess(agent, domain, [instances], {
      samples: options.samples,
      temperature: options.temperature,
      seed,
    });
    return outcome!.successRate;
  };
  const stones: SteppingStone[] = [];
  try {
    for (let rung = options.fromRung; rung <= options.toRung; rung++) {
      const trainCells = onRung(rung);
      if (trainCells.length === 0) break;
      let update = 0;
      for (; update < options.maxUpdates; update++) {
        if (update > 0 && update % CHECK_EVERY === 0 && (await success(rung, 2 + update)) >= 0.5) break;
        const instances = trainCells.flatMap((cell, index) =>
          cellInstances(
            domain,
            cell,
            Math.ceil(options.prompts / trainCells.length),
            deriveSeed(options.seed, 'train', rung, update, index),
          ),
        );
        const prompts = instances.map((instance) => domain.render(instance));
        const completions = await agent.act(prompts, {
          samples: options.samples,
          temperature: options.temperature,
          seed: deriveSeed(options.seed, 'train-rollouts', rung, update),
        });
        const groups: RolloutGroup[] = prompts.map((prompt, index) => ({
          prompt,
          completions: completions[index]!,
          rewards: completions[index]!.map((completion) => domain.score(instances[index]!, completion).reward),
        }));
        await agent.update({ groups }, { seed: deriveSeed(options.seed, 'train-update', rung, update) });
      }
      stones.push({
        rung,
        trainedSuccess: await success(rung, 0),
        nextSuccess: await success(rung + 1, 1),
        updates: update,
      });
    }
  } finally {
    await agent.close();
  }
  return stones;
}
