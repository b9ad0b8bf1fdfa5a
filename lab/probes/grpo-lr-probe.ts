/**
 * How far one GRPO update moves the warm-started built-in agent, per learning rate: on the same
 * prompts, the success rate of fresh samples before and after, and the mean change in log-probability
 * of the rollouts that had a positive or a negative advantage. A sound step raises the positive ones;
 * a step that lowers both has pushed probability onto sequences nobody sampled. Greedy test-id
 * accuracy after the update shows what the step did to held-out. `npm run lab -- grpo-lr`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuiltinAgent, deriveSeed } from '../../src/index.ts';
import {
  agentDemonstrations,
  BuiltinAgent,
  createToolWorld,
  loadModelState,
  mean as meanOrNull,
  promptTokens,
  type RolloutGroup,
  Tokenizer,
} from '../../src/internal.ts';

/** Mean of a list, 0 when empty (a probe with no positive rollouts reports no shift). */
const mean = (values: readonly number[]): number => meanOrNull(values) ?? 0;

export interface GrpoLearningRateProbeOptions {
  /** The agent options (the preset's); `learningRate` is replaced by each of `learningRates`. */
  base: Record<string, unknown>;
  warmStartVariations: number;
  learningRates: number[];
  /** Greedy test-id items evaluated before and after each update. */
  heldOutItems: number;
  prompts: number;
  samples: number;
  seed: number;
}

export interface GrpoLearningRateProbeRow {
  learningRate: number;
  steps: number;
  successBefore: number;
  successAfter: number;
  /** Mean change of Σ log π over a rollout's response tokens (nats). */
  positiveShift: number;
  negativeShift: number;
  testIdBefore: number;
  testIdAfter: number;
}

/** One GRPO update of the warm-started agent per learning rate, each from the same warm start and rollouts. */
export async function runGrpoLearningRateProbe(
  options: GrpoLearningRateProbeOptions,
): Promise<GrpoLearningRateProbeRow[]> {
  const domain = createToolWorld({});
  const seeds = domain.seeds();
  const directory = mkdtempSync(join(tmpdir(), 'genenv-grpo-probe-'));
  try {
    const warm = await createBuiltinAgent({ domain, options: options.base, seed: options.seed });
    await warm.warmStart(agentDemonstrations(domain, seeds, options.warmStartVariations, options.seed), {
      seed: options.seed,
    });
    await warm.save(directory);
    await warm.close?.();
    // Fresh instances of seeds spread over every family, the same for every learning rate.
    const instances = Array.from({ length: options.prompts }, (_, index) => {
      const task = seeds[(index * 7) % seeds.length]!;
      const result = domain.instantiate(task.spec, 1, deriveSeed(options.seed, 'grpo-probe', index));
      return result.ok ? result.instances[0]! : null;
    }).filter((instance) => instance !== null);
    const prompts = instances.map((instance) => domain.render(instance));
    const successOf = (completions: { text: string }[][]) =>
      mean(
        completions.flatMap((group, index) =>
          group.map((completion) => (domain.score(instances[index]!, completion as never).success ? 1 : 0)),
        ),
      );
    const heldOut = domain
      .heldOutSets()
      .find((set) => set.name === 'test-id')!
      .instances.slice(0, options.heldOutItems);
    const heldOutPrompts = heldOut.map((instance) => domain.render(instance));
    const testIdOf = async (agent: BuiltinAgent) => {
      const greedy = await agent.act(heldOutPrompts, { samples: 1, temperature: 0, seed: options.seed });
      return mean(greedy.map((group, index) => (domain.score(heldOut[index]!, group[0]!).success ? 1 : 0)));
    };
    const rows: GrpoLearningRateProbeRow[] = [];
    let testIdBefore: number | null = null;
    for (const learningRate of options.learningRates) {
      const state = loadModelState(directory, 'agent');
      state.options = { ...state.options, learningRate };
      const agent = new BuiltinAgent(state);
      try {
        testIdBefore ??= await testIdOf(agent);
        const sampleOptions = {
          samples: options.samples,
          temperature: 1,
          seed: deriveSeed(options.seed, 'grpo-probe', 'before'),
        };
        const completions = await agent.act(prompts, sampleOptions);
        const groups: RolloutGroup[] = prompts.map((prompt, index) => ({
          prompt,
          completions: completions[index]!,
          rewards: completions[index]!.map((completion) => domain.score(instances[index]!, completion).reward),
        }));
        // The rollouts as the trainer scores them: prompt ⧺ response (+ end), loss on the response.
        const sequences = groups.flatMap((group) => {
          const prompt = promptTokens(
            state.model.tokenizer,
            group.prompt.text,
            state.model.config.contextLength,
            Math.min(group.prompt.maxResponseTokens ?? Infinity, state.options.maxResponseTokens),
          );
          return group.completions.map((completion) => ({
            tokens: [
              ...prompt,
              ...completion.tokenIds!,
              ...(completion.finishReason === 'stop' ? [Tokenizer.end] : []),
            ],
            lossStart: prompt.length,
          }));
        });
        const total = (values: Float32Array) => values.reduce((sum, value) => sum + value, 0);
        const before = state.model.score(sequences).logprobs.map(total);
        const stats = await agent.update({ groups }, { seed: options.seed });
        const after = state.model.score(sequences).logprobs.map(total);
        const positive: number[] = [];
        const negative: number[] = [];
        let cursor = 0;
        for (const group of groups) {
          const average = mean(group.rewards);
          for (const reward of group.rewards) {
            const shift = after[cursor]! - before[cursor]!;
            cursor++;
            if (reward > average) positive.push(shift);
            else if (reward < average) negative.push(shift);
          }
        }
        const again = await agent.act(prompts, {
          ...sampleOptions,
          seed: deriveSeed(options.seed, 'grpo-probe', 'after'),
        });
        rows.push({
          learningRate,
          testIdBefore,
          testIdAfter: await testIdOf(agent),
          steps: Number(stats.steps ?? 0),
          successBefore: successOf(completions),
          successAfter: successOf(again),
          positiveShift: mean(positive),
          negativeShift: mean(negative),
        });
      } finally {
        await agent.close();
      }
    }
    return rows;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
