import { type SftOptions, type SftStats, supervisedFineTune } from '../../algorithms/sft.ts';
import type { ValidatedSftStats } from '../../algorithms/validated-sft.ts';
import type { ScoredSequence } from '../../models/batching.ts';
import type { LanguageModel } from '../../models/language-model.ts';
import type {
  CHECKED_WARM_START_METRICS,
  MetricValues,
  SUPERVISED_WARM_START_METRICS,
} from '../../interfaces/metrics.ts';
import { adamOptions, loadModelState, saveModelState, type ModelState } from './model-state.ts';
import type { BuiltinRole, OptionsOf } from './options.ts';
import type { SamplerPool } from './sampler-pool.ts';

/** The warm-start statistics both players' supervised warm starts report; the checked ones where it checked. */
type SftWarmStartStats = MetricValues<
  keyof typeof SUPERVISED_WARM_START_METRICS | keyof typeof CHECKED_WARM_START_METRICS
>;

/**
 * Supervised fine-tuning of a model, here or on another thread (the same bits either way); one that checks a
 * validation split also says how many steps it took and what it kept.
 */
type FineTune = (
  model: LanguageModel,
  sequences: ScoredSequence[],
  options: SftOptions,
) => FineTuneStats | Promise<FineTuneStats>;

/** A fine-tune's statistics; the last three only where it checked a validation split. */
type FineTuneStats = SftStats & Partial<Pick<ValidatedSftStats, 'stepsTaken' | 'checks' | 'validationAccuracy'>>;

/**
 * What the built-in agent and simulator share: a model state (weights, optimiser, tokenizer, version),
 * an optional pool of sampling threads, and exact checkpoints of that state.
 */
export abstract class ModelHolder<R extends BuiltinRole> {
  protected constructor(
    protected state: ModelState<OptionsOf<R>>,
    protected readonly pool: SamplerPool | null,
    private readonly role: R,
  ) {}

  /** Completed updates, warm start included. */
  get version(): number {
    return this.state.version;
  }

  /**
   * The warm start shared by agent and simulator: SFT on token sequences (loss from `lossStart`) by `fineTune`, then
   * freeze a copy as the KL reference and count the warm start as one version.
   */
  protected async fineTuneAndFreeze(
    sequences: { tokens: number[]; lossStart: number }[],
    seed: number,
    fineTune: FineTune = supervisedFineTune,
  ): Promise<SftWarmStartStats> {
    const { model, options: settings } = this.state;
    const stats: FineTuneStats =
      sequences.length === 0 || settings.warmStartEpochs === 0
        ? { steps: 0, firstLoss: 0, lastLoss: 0, tokens: 0 }
        : await fineTune(model, sequences, {
            adam: adamOptions(settings, settings.warmStartLearningRate),
            epochs: settings.warmStartEpochs,
            batchSize: settings.batchSize,
            seed,
            schedule: settings.warmStartSchedule,
            order: settings.warmStartOrder,
          });
    this.state.reference = model.clone();
    this.state.version += 1;
    return {
      sftSteps: stats.steps,
      sftFirstLoss: stats.firstLoss,
      sftLastLoss: stats.lastLoss,
      sftTokens: stats.tokens,
      ...(stats.checks === undefined
        ? {}
        : {
            sftStepsTaken: stats.stepsTaken,
            sftChecks: stats.checks,
            sftValidationAccuracy: stats.validationAccuracy,
          }),
    };
  }

  async save(directory: string): Promise<void> {
    saveModelState(directory, this.state);
  }

  async load(directory: string): Promise<void> {
    const previous = this.state.model;
    this.state = loadModelState(directory, this.role);
    await previous.close();
  }

  async close(): Promise<void> {
    await this.pool?.close();
    await this.state.model.close();
  }
}
