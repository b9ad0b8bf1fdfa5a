import type { Domain } from '../../interfaces/domain.ts';
import type {
  SampleOptions,
  SimulatorDemonstration,
  SimulatorUpdateBatch,
  TrainableSimulator,
} from '../../interfaces/policy.ts';
import type { SimulatorUpdateStats, SimulatorWarmStartStats } from '../../interfaces/metrics.ts';
import type { Proposal, SimulatorContext } from '../../interfaces/simulator.ts';
import { rwrUpdate, type WeightedSequence } from '../../algorithms/rwr.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import type { GeneratedSequence, GenerationRequest } from '../../models/generation.ts';
import type { TokenConstraint } from '../../models/sampling.ts';
import { stableId } from '../../util/random.ts';
import { adamOptions, type ModelState } from './model-state.ts';
import type { SimulatorOptions } from './options.ts';
import { promptTokens, simulatorContextText } from './prompt-text.ts';
import type { SamplerPool } from './sampler-pool.ts';
import { choiceTextsGrammar, GrammarTokens } from './grammar-constraint.ts';
import { ModelHolder } from './model-holder.ts';
import { UpdateThread } from './update-thread.ts';

/** What a proposal keeps for learning later: its token ids and whether it ended with the end token. */
export interface ProposalSample {
  tokenIds: number[];
  stopped: boolean;
}

/**
 * The built-in environment policy: writes a spec's compact text given a context text (family, seed
 * spec, bucketed recent success, target α). warmStart = SFT toward target texts; update = RWR with a KL
 * penalty to the initial (warm-started) simulator and a per-update KL cap.
 */
export class BuiltinSimulator extends ModelHolder<'simulator'> implements TrainableSimulator {
  readonly name = 'builtin-simulator';

  /** Grammar-constrained decoding of the domain's compact spec; null when off or the domain has no grammar. */
  private readonly grammar: GrammarTokens | null;

  /**
   * Where the warm start and RWR run when the model trains on two threads: beside the caller, which goes on with the
   * agent's warm start or update.
   */
  private readonly updateThread: UpdateThread | null;

  constructor(
    private readonly domain: Domain,
    state: ModelState<SimulatorOptions>,
    pool: SamplerPool | null = null,
    constrained = false,
  ) {
    super(state, pool, 'simulator');
    const grammar = constrained ? domain.specGrammar?.() : undefined;
    this.grammar = grammar ? new GrammarTokens(grammar, state.model.tokenizer) : null;
    this.updateThread = state.options.trainThreads > 1 ? new UpdateThread() : null;
  }

  private contextIds(context: SimulatorContext): number[] {
    return promptTokens(
      this.state.model.tokenizer,
      simulatorContextText(this.domain, context),
      this.state.model.config.contextLength,
      this.state.options.maxResponseTokens,
    );
  }

  /**
   * The decoding constraint of one context under the grammar: one of its choices where it offers them (a parent's
   * edits, a cell's specs), else any spec of the domain's grammar (of the seed's family with `keepFamily`). A choice
   * whose own tokens (the tokenizer's encoding) do not fit the response budget is left out, and the constraint counts
   * the budget in characters from the longest choice kept: the grammar's rule of one character per token would
   * otherwise rule out every choice longer than the budget in tokens, which merged tokens write in far fewer.
   */
  private constraintOf(grammar: GrammarTokens, context: SimulatorContext): TokenConstraint {
    const budget = this.state.options.maxResponseTokens;
    const { tokenizer } = this.state.model;
    const texts = (context.choices ?? [])
      .map((choice) => this.domain.formatSpec(choice))
      .filter((text) => tokenizer.encode(text).length < budget);
    if (texts.length === 0)
      return grammar.constraint(budget, this.state.options.keepFamily ? context.seed.family : undefined);
    const characters = Math.max(budget, ...texts.map((text) => text.length + 2));
    return new GrammarTokens(choiceTextsGrammar(texts), tokenizer).constraint(characters);
  }

  async propose(contexts: SimulatorContext[], options: Omit<SampleOptions, 'samples'>): Promise<Proposal[]> {
    const grammar = this.grammar;
    const requests: GenerationRequest[] = contexts.map((context) => ({
      prompt: this.contextIds(context),
      maxNewTokens: this.state.options.maxResponseTokens,
      ...(grammar ? { constraint: this.constraintOf(grammar, context) } : {}),
    }));
    const settings = {
      temperature: options.temperature ?? 1,
      topP: options.topP ?? 1,
      ...(this.grammar && this.state.options.explore > 0 ? { explore: this.state.options.explore } : {}),
      seed: options.seed,
      stopToken: Tokenizer.end,
    };
    // A constraint follows its sequence token by token, so constrained sampling stays in this thread.
    const generated: GeneratedSequence[] =
      this.pool && !this.grammar
        ? await this.pool.generate(this.state.model, requests, settings)
        : this.state.model.generate(requests, settings);
    const policyVersion = `simulator-v${this.state.version}`;
    return contexts.map((context, index) => {
      const result = generated[index]!;
      const tokenIds = result.stopped ? result.tokens.slice(0, -1) : result.tokens;
      const sample: ProposalSample = { tokenIds, stopped: result.stopped };
      return {
        id: `${context.id}:${stableId([policyVersion, options.seed, index, tokenIds])}`,
        contextId: context.id,
        raw: this.state.model.tokenizer.decode(tokenIds),
        sample,
        logprob: result.logprobs.reduce((sum, logprob) => sum + logprob, 0),
        policyVersion,
      };
    });
  }

  async warmStart(
    demonstrations: SimulatorDemonstration[],
    options: { seed: number },
  ): Promise<SimulatorWarmStartStats> {
    const { model, options: settings } = this.state;
    const sequences = demonstrations.map((demonstration) => {
      const context = this.contextIds(demonstration.context);
      const target = model.tokenizer.encode(demonstration.target).slice(0, settings.maxResponseTokens - 1);
      return { tokens: [...context, ...target, Tokenizer.end], lossStart: context.length };
    });
    // Posted before the first await, so the warm start runs while the caller warm-starts the agent.
    const thread = this.updateThread;
    return this.fineTuneAndFreeze(
      sequences,
      options.seed,
      thread ? (model, batch, settings) => thread.fineTune(model, batch, settings) : undefined,
    );
  }

  async update(batch: SimulatorUpdateBatch, _options: { seed: number }): Promise<SimulatorUpdateStats> {
    if (batch.records.length === 0) return {};
    const { model, options: settings } = this.state;
    const records: WeightedSequence[] = batch.records.map((record) => {
      const context = this.contextIds(record.context);
      const sample = record.proposal.sample as Partial<ProposalSample> | undefined;
      const validIds =
        Array.isArray(sample?.tokenIds) &&
        sample.tokenIds.every(
          (id) => Number.isInteger(id) && id >= 0 && id < model.config.vocabSize && id !== Tokenizer.end,
        );
      const proposal = validIds ? sample!.tokenIds! : model.tokenizer.encode(record.proposal.raw);
      const ended = validIds ? sample!.stopped === true : true;
      const tokens = [...context, ...proposal, ...(ended ? [Tokenizer.end] : [])].slice(
        0,
        model.config.contextLength + 1,
      );
      return {
        sequence: { tokens, lossStart: context.length },
        weight: Number.isFinite(record.weight) ? Math.max(0, record.weight) : 0,
      };
    });
    // The initial simulator anchors the KL penalty; before any warm start it is the current model.
    if (!this.state.reference) this.state.reference = model.clone();
    const rwrOptions = {
      klCoefficient: settings.klCoefficient,
      klEstimator: settings.klEstimator,
      klCap: settings.klCap,
      steps: settings.updateEpochs,
      entropyBonus: settings.entropyBonus,
      adam: adamOptions(settings, settings.learningRate),
    };
    // Posted before the first await, so the update runs while the caller trains the agent.
    const stats = this.updateThread
      ? await this.updateThread.rwr(model, this.state.reference, records, rwrOptions)
      : rwrUpdate(model, this.state.reference, records, rwrOptions);
    this.state.version += 1;
    return stats;
  }

  override async close(): Promise<void> {
    await this.updateThread?.close();
    await super.close();
  }
}
