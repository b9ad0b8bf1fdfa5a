/**
 * Proposition 1 on the built-in agent: for each of several seed task types, the warm-started agent
 * attempts `instances` × `samples` rollouts; per rollout the squared norm of the score function
 * ‖∇ Σₜ log π(aₜ)‖² is measured by backpropagation, and per task type E‖g‖² = E[(r − p̂)²·s] is set
 * against p̂(1 − p̂). Beside it, the norm of the first GRPO step's gradient on the task type's rollouts
 * with group-normalised advantages (grpo) and with mean-centred ones (dr-grpo): the std division of
 * grpo cancels the p(1 − p) factor of the proposition. `npm run lab -- prop1`.
 */
import { deriveSeed } from '../../src/index.ts';
import {
  advantageEstimators,
  type AdvantageName,
  BuiltinAgent,
  createToolWorld,
  flattenGroups,
  gradientNorm,
  type LanguageModel,
  loadModelState,
  promptTokens,
  Tokenizer,
} from '../../src/internal.ts';
import {
  bernoulliVariance,
  expectedSquaredGradient,
  proportionality,
  scoreNormByOutcome,
} from '../analyses/gradient-signal.ts';

type ToolWorld = ReturnType<typeof createToolWorld>;
type Sequence = { tokens: number[]; lossStart: number };

export interface TaskSignal {
  task: string;
  family: string;
  attempts: number;
  successRate: number;
  variance: number;
  /** E‖g‖² with baseline p̂ (REINFORCE, sequence log-probability). */
  squaredGradient: number;
  scoreNormSuccess: number | null;
  scoreNormFailure: number | null;
  /** ‖∇‖ of the first GRPO step on this task type's groups (token-mean), per advantage estimator. */
  updateNorm: Record<AdvantageName, number>;
}

export interface GradientSignalProbe {
  tasks: TaskSignal[];
  /** E‖g‖² against p̂(1 − p̂) across task types. */
  reinforce: ReturnType<typeof proportionality>;
  /** Squared update norms against p̂(1 − p̂) across task types. */
  grpo: ReturnType<typeof proportionality>;
  drGrpo: ReturnType<typeof proportionality>;
}

/** Gradient of Σ weightᵢ·Σₜ log π over `sequences` (one weight per sequence, spread over its tokens). */
function weightedScoreGradient(model: LanguageModel, sequences: readonly Sequence[], weights: number[]): Float32Array {
  model.zeroGradients();
  const pass = model.score(sequences);
  pass.backward(
    pass.logprobs.map((values, index) => new Float32Array(values.length).fill(weights[index]!)),
    null,
  );
  const gradient = new Float32Array(model.gradients);
  model.zeroGradients();
  return gradient;
}

/** First-step gradient norm of token-mean GRPO with the named advantages over the task type's groups. */
function updateNorm(model: LanguageModel, groups: { sequences: Sequence[]; rewards: number[] }[], name: AdvantageName) {
  const advantages = advantageEstimators[name].compute(flattenGroups(groups.map((group) => group.rewards)), 1e-6);
  const sequences = groups.flatMap((group) => group.sequences);
  const tokens = sequences.reduce((sum, sequence) => sum + sequence.tokens.length - sequence.lossStart, 0);
  const weights = Array.from(advantages, (advantage) => -advantage / Math.max(1, tokens));
  return gradientNorm(weightedScoreGradient(model, sequences, weights));
}

/** Measures every task type from the warm-started agent saved in `directory`. */
export async function runGradientSignalProbe(options: {
  directory: string;
  tasks: number;
  instances: number;
  samples: number;
  seed: number;
}): Promise<GradientSignalProbe> {
  const domain: ToolWorld = createToolWorld({});
  const seeds = domain.seeds();
  const state = loadModelState(options.directory, 'agent');
  const agent = new BuiltinAgent(state);
  const { model } = state;
  const tasks: TaskSignal[] = [];
  try {
    for (let taskIndex = 0; taskIndex < options.tasks; taskIndex++) {
      const task = seeds[Math.floor((taskIndex * seeds.length) / options.tasks)]!;
      const made = domain.instantiate(task.spec, options.instances, deriveSeed(options.seed, 'prop1', task.id));
      if (!made.ok) continue;
      const prompts = made.instances.map((instance) => domain.render(instance));
      const completions = await agent.act(prompts, {
        samples: options.samples,
        temperature: 1,
        seed: deriveSeed(options.seed, 'prop1-rollout', task.id),
      });
      const groups = prompts.map((prompt, index) => {
        const ids = promptTokens(
          model.tokenizer,
          prompt.text,
          model.config.contextLength,
          Math.min(prompt.maxResponseTokens ?? Infinity, state.options.maxResponseTokens),
        );
        const answers = completions[index]!;
        return {
          sequences: answers.map((completion) => ({
            tokens: [...ids, ...completion.tokenIds!, ...(completion.finishReason === 'stop' ? [Tokenizer.end] : [])],
            lossStart: ids.length,
          })),
          rewards: answers.map((completion): number =>
            domain.score(made.instances[index]!, completion).success ? 1 : 0,
          ),
        };
      });
      const rewards = groups.flatMap((group) => group.rewards);
      const squaredNorms = groups.flatMap((group) =>
        group.sequences.map((sequence) => weightedScoreGradient(model, [sequence], [1]).reduce((s, g) => s + g * g, 0)),
      );
      const successRate = rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length;
      const byOutcome = scoreNormByOutcome(rewards, squaredNorms);
      tasks.push({
        task: task.id,
        family: task.family,
        attempts: rewards.length,
        successRate,
        variance: bernoulliVariance(successRate),
        squaredGradient: expectedSquaredGradient(rewards, squaredNorms, successRate),
        scoreNormSuccess: byOutcome.success,
        scoreNormFailure: byOutcome.failure,
        updateNorm: {
          grpo: updateNorm(model, groups, 'grpo'),
          'dr-grpo': updateNorm(model, groups, 'dr-grpo'),
          rloo: updateNorm(model, groups, 'rloo'),
        },
      });
    }
  } finally {
    await agent.close();
  }
  const variances = tasks.map((task) => task.variance);
  return {
    tasks,
    reinforce: proportionality(
      variances,
      tasks.map((task) => task.squaredGradient),
    ),
    grpo: proportionality(
      variances,
      tasks.map((task) => task.updateNorm.grpo ** 2),
    ),
    drGrpo: proportionality(
      variances,
      tasks.map((task) => task.updateNorm['dr-grpo'] ** 2),
    ),
  };
}
