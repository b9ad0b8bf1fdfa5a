import type {
  AgentPolicy,
  AgentDemonstration,
  AgentUpdateBatch,
  SampleOptions,
  TrainableAgent,
  WarmStartOptions,
} from '../../interfaces/policy.ts';
import type { AgentUpdateStats, AgentWarmStartStats } from '../../interfaces/metrics.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { grpoUpdate, type GrpoGroup } from '../../algorithms/grpo.ts';
import { supervisedFineTune } from '../../algorithms/sft.ts';
import { validatedFineTune } from '../../algorithms/validated-sft.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import type { GeneratedSequence, GenerationRequest } from '../../models/generation.ts';
import { adamOptions, type ModelState } from './model-state.ts';
import { groupSequences } from './episode-sequences.ts';
import type { AgentOptions } from './options.ts';
import { promptTokens } from './prompt-text.ts';
import type { SamplerPool } from './sampler-pool.ts';
import { ModelHolder } from './model-holder.ts';

/**
 * The built-in agent: reads `AgentPrompt.text` (never `reference`), writes a completion per sample.
 * warmStart = SFT on response tokens; update = GRPO against the frozen post-warm-start reference, then
 * SFT on the update's rehearsal pairs.
 */
export class BuiltinAgent extends ModelHolder<'agent'> implements TrainableAgent {
  readonly name = 'builtin-agent';

  constructor(state: ModelState<AgentOptions>, pool: SamplerPool | null = null) {
    super(state, pool, 'agent');
  }

  /** Response budget of a prompt in tokens: the prompt's own bound, the option, and the context. */
  private budget(prompt: Pick<AgentPrompt, 'maxResponseTokens'>): number {
    return Math.max(
      1,
      Math.min(prompt.maxResponseTokens ?? this.state.options.maxResponseTokens, this.state.options.maxResponseTokens),
    );
  }

  private promptIds(prompt: Pick<AgentPrompt, 'text' | 'maxResponseTokens'>): number[] {
    return promptTokens(
      this.state.model.tokenizer,
      prompt.text,
      this.state.model.config.contextLength,
      this.budget(prompt),
    );
  }

  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    const samples = Math.max(1, Math.floor(options.samples));
    const requests: GenerationRequest[] = prompts.flatMap((prompt) => {
      const ids = this.promptIds(prompt);
      return Array.from({ length: samples }, () => ({ prompt: ids, maxNewTokens: this.budget(prompt) }));
    });
    const settings = {
      temperature: options.temperature ?? 1,
      topP: options.topP ?? 1,
      seed: options.seed,
      stopToken: Tokenizer.end,
    };
    const generated: GeneratedSequence[] = this.pool
      ? await this.pool.generate(this.state.model, requests, settings)
      : this.state.model.generate(requests, settings);
    const policyVersion = `agent-v${this.state.version}`;
    return prompts.map((_, promptIndex) =>
      generated.slice(promptIndex * samples, (promptIndex + 1) * samples).map((result) => {
        const tokenIds = result.stopped ? result.tokens.slice(0, -1) : result.tokens;
        return {
          text: this.state.model.tokenizer.decode(tokenIds),
          tokenIds,
          logprobs: result.logprobs.slice(0, tokenIds.length),
          finishReason: result.stopped ? 'stop' : 'length',
          policyVersion,
        };
      }),
    );
  }

  /**
   * Natural-log probability (≤ 0) that the agent, sampling at temperature 1, writes exactly `response` to
   * `prompt` and stops: the sum of the response tokens' log-probs and the end token's. A probe of how
   * often rollouts can find a given answer; the response is clipped to the context as in training.
   */
  responseLogprob(prompt: Pick<AgentPrompt, 'text' | 'maxResponseTokens'>, response: string): number {
    const scored = this.state.model.score([this.demonstrationOf(this.promptIds(prompt), response)]);
    return scored.logprobs[0]!.reduce((sum, value) => sum + value, 0);
  }

  /**
   * SFT on the demonstrations: response tokens, and with `warmStartPromptLoss` the prompt's tokens too. Given a
   * validation split and `warmStartCheckSteps`, it checks its greedy accuracy there and stops by it (at most
   * `warmStartEpochs` passes), keeping the best check's weights.
   */
  async warmStart(demonstrations: AgentDemonstration[], options: WarmStartOptions): Promise<AgentWarmStartStats> {
    const { warmStartPromptLoss: wholeSequence, warmStartCheckSteps, warmStartPatience } = this.state.options;
    const sequences = demonstrations.map((demonstration) => {
      const sequence = this.demonstrationOf(this.promptIds(demonstration.prompt), demonstration.target);
      // Position 0 is the begin token, which is never a target.
      return wholeSequence ? { ...sequence, lossStart: 1 } : sequence;
    });
    const validation = options.validation;
    if (!validation || warmStartCheckSteps === 0) return this.fineTuneAndFreeze(sequences, options.seed);
    const checks = { every: warmStartCheckSteps, patience: warmStartPatience, accuracy: () => validation.accuracy() };
    return this.fineTuneAndFreeze(sequences, options.seed, (model, batch, settings) =>
      validatedFineTune(model, batch, settings, checks),
    );
  }

  /** GRPO on the groups, then SFT on the update's rehearsal pairs. */
  async update(batch: AgentUpdateBatch, options: { seed: number }): Promise<AgentUpdateStats> {
    const groups: GrpoGroup[] = batch.groups
      .filter((group) => group.completions.length > 0)
      .map((group) => {
        // Played episodes give one sequence per turn (the agent's own tokens).
        const { sequences, rewards } = groupSequences(group, {
          promptIds: (prompt) => this.promptIds(prompt),
          sequenceOf: (prompt, completion) => this.sequenceOf(prompt, completion),
        });
        return { sequences, rewards };
      });
    const rehearsal = (batch.rehearsal ?? []).map((demonstration) =>
      this.demonstrationOf(this.promptIds(demonstration.prompt), demonstration.target),
    );
    if (groups.length === 0 && rehearsal.length === 0) return {};
    const { model, options: settings } = this.state;
    // The KL anchor is the post-warm-start model; without a warm start, the model as it was before its first update.
    if (!this.state.reference) this.state.reference = model.clone();
    // GRPO first: its importance ratios are taken against the policy that sampled the rollouts.
    const stats: AgentUpdateStats =
      groups.length === 0
        ? {}
        : grpoUpdate(
            model,
            this.state.reference,
            groups,
            {
              advantage: settings.advantage,
              advantageEpsilon: 1e-6,
              clip: settings.clip,
              klCoefficient: settings.klCoefficient,
              klEstimator: settings.klEstimator,
              entropyCoefficient: settings.entropyCoefficient,
              aggregation: settings.aggregation,
              epochs: settings.updateEpochs,
              minibatchSize: settings.minibatchSize,
              adam: adamOptions(settings, settings.learningRate),
            },
            options.seed,
          );
    if (rehearsal.length > 0) {
      const sft = supervisedFineTune(model, rehearsal, {
        adam: adamOptions(settings, settings.rehearsalLearningRate),
        epochs: settings.rehearsalEpochs,
        batchSize: settings.batchSize,
        seed: options.seed,
      });
      Object.assign(stats, {
        rehearsalSteps: sft.steps,
        rehearsalFirstLoss: sft.firstLoss,
        rehearsalLastLoss: sft.lastLoss,
      } satisfies AgentUpdateStats);
    }
    this.state.version += 1;
    return stats;
  }

  /** prompt ⧺ target ⧺ end, the target clipped to the context. */
  private demonstrationOf(prompt: number[], target: string) {
    const { model } = this.state;
    const room = model.config.contextLength - prompt.length - 1;
    return {
      tokens: [...prompt, ...model.tokenizer.encode(target).slice(0, Math.max(0, room)), Tokenizer.end],
      lossStart: prompt.length,
    };
  }

  /** prompt ⧺ response (+ end token when the completion stopped by itself), clipped to the context. */
  private sequenceOf(prompt: number[], completion: Completion) {
    const { tokenizer, config } = this.state.model;
    const valid = completion.tokenIds?.every(
      (id) => Number.isInteger(id) && id >= 0 && id < config.vocabSize && id !== Tokenizer.end,
    );
    const response = valid ? completion.tokenIds! : tokenizer.encode(completion.text);
    const tokens = [...prompt, ...response, ...(completion.finishReason === 'stop' ? [Tokenizer.end] : [])];
    return { tokens: tokens.slice(0, config.contextLength + 1), lossStart: prompt.length };
  }
}

/** Read-only view for evaluation (`genenv eval --policy builtin:<dir>`). */
export function frozenAgent(agent: BuiltinAgent): AgentPolicy {
  return { name: agent.name, act: (prompts, options) => agent.act(prompts, options), close: () => agent.close() };
}
