/**
 * Stepping stones in a world without knobs: from a warm-started agent, GRPO on the instances of one set of
 * compositions only (the frontier, say: those the agent solves about half the time), then the success on other
 * compositions it never trained on (harder ones). The saved agent is left unchanged; each arm trains its own copy.
 */
import { deriveSeed, type Domain, type TaskInstance } from '../../src/index.ts';
import { BuiltinAgent, loadModelState, type RolloutGroup, SamplerPool } from '../../src/internal.ts';
import { compositionSuccess } from './composition-success.ts';

export interface FrontierTrainingOptions {
  /** GRPO updates, each on `prompts` fresh instances of the trained compositions × `samples` rollouts. */
  updates: number;
  prompts: number;
  samples: number;
  temperature: number;
  /** Variations per composition when success is measured (each attempted `samples` times). */
  measureVariations: number;
  seed: number;
}

/** Mean p̂ of each measured set after the training (specs that cannot be instantiated are left out). */
export interface TrainedSuccess {
  /** Mean success on each set, in the order given, in [0, 1]. */
  after: number[];
}

const meanOf = (values: readonly (number | null)[]) => {
  const present = values.filter((value): value is number => value !== null);
  return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : 0;
};

/**
 * Trains a copy of the agent saved in `agentDirectory` by GRPO on instances of `trained` (each update takes the next
 * `prompts` of them in turn, cycling, one fresh variation each), then measures the mean p̂ of every set in `measured`.
 */
export async function trainOnCompositions(
  agentDirectory: string,
  domain: Domain,
  trained: readonly unknown[],
  measured: readonly (readonly unknown[])[],
  options: FrontierTrainingOptions,
): Promise<TrainedSuccess> {
  const state = loadModelState(agentDirectory, 'agent');
  const agent = new BuiltinAgent(state, state.options.workers > 0 ? new SamplerPool(state.options.workers) : null);
  try {
    for (let update = 0; update < options.updates; update++) {
      const instances: TaskInstance[] = [];
      for (let index = 0; instances.length < options.prompts && index < options.prompts * 4; index++) {
        const spec = trained[(update * options.prompts + index) % trained.length];
        const built = domain.instantiate(spec, 1, deriveSeed(options.seed, 'train', update, index));
        if (built.ok) instances.push(built.instances[0]!);
      }
      const prompts = instances.map((instance) => domain.render(instance));
      const completions = await agent.act(prompts, {
        samples: options.samples,
        temperature: options.temperature,
        seed: deriveSeed(options.seed, 'train-rollouts', update),
      });
      const groups: RolloutGroup[] = prompts.map((prompt, index) => ({
        prompt,
        completions: completions[index]!,
        rewards: completions[index]!.map((completion) => domain.score(instances[index]!, completion).reward),
      }));
      await agent.update({ groups }, { seed: deriveSeed(options.seed, 'train-update', update) });
    }
    const after: number[] = [];
    for (const [index, set] of measured.entries())
      after.push(
        meanOf(
          await compositionSuccess(agent, domain, set, {
            variations: options.measureVariations,
            samples: options.samples,
            temperature: options.temperature,
            seed: deriveSeed(options.seed, 'measure', index),
          }),
        ),
      );
    return { after };
  } finally {
    await agent.close();
  }
}
