import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  GenEnvError,
  type Domain,
  type Proposal,
  type SampleOptions,
  type SimulatorContext,
  type SimulatorDemonstration,
  type SimulatorUpdateBatch,
  type SimulatorUpdateStats,
  type SimulatorWarmStartStats,
  type TrainableSimulator,
} from '../../interfaces/index.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { parseOptions } from '../options.ts';
import { readCheckpointJson } from '../checkpoint-file.ts';
import { factorisedEntropy, factorisedKl, rwrStep, softmax, weightedHistogram, type Logits } from './categorical.ts';

export const ParametricOptionsSchema = z
  .object({
    learningRate: z.number().gt(0).max(100).default(2).describe('RWR step size on the knob logits'),
    steps: z.number().int().min(1).max(1000).default(10).describe('gradient steps per RWR update'),
    klCoefficient: z.number().min(0).max(100).default(0.02).describe('KL penalty to the initial simulator'),
    klCap: z
      .number()
      .gt(0)
      .max(100)
      .default(0.4)
      .describe('largest KL (nats) of one update from the previous simulator'),
    entropyBonus: z
      .number()
      .min(0)
      .max(100)
      .default(0)
      .describe('entropy bonus η·H(π) in the RWR objective, keeps the simulator exploring'),
    initialBias: z
      .number()
      .min(-10)
      .max(10)
      .default(0)
      .describe('initial logit slope toward harder knob values (negative favours easy)'),
    warmStartSmoothing: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe('share of uniform mass mixed into the warm-start distribution, so every knob value stays reachable'),
  })
  .strict();
export type ParametricOptions = z.infer<typeof ParametricOptionsSchema>;

const SampleSchema = z.array(z.number().int().min(0));

/**
 * A parametric simulator: a trainable factorised categorical distribution over a domain's difficulty
 * knobs, updated by weighted maximum likelihood (RWR) with a KL penalty to its initial state and a KL cap.
 * It ignores the context's seed text: its whole state is the knob distribution.
 */
export class ParametricSimulator implements TrainableSimulator {
  readonly name = 'parametric';
  private logits: Logits;
  private initial: Logits;
  private updates = 0;
  private readonly options: ParametricOptions;

  constructor(
    private readonly domain: Domain,
    options: Record<string, unknown> = {},
  ) {
    this.options = parseOptions(ParametricOptionsSchema, options, 'simulator.options');
    if (domain.knobs.length === 0)
      throw new GenEnvError('config', `domain ${domain.name} has no difficulty knobs for a parametric simulator`);
    this.initial = domain.knobs.map((knob) =>
      knob.values.map((_, index) => this.options.initialBias * (index / Math.max(1, knob.values.length - 1))),
    );
    this.logits = this.initial.map((vector) => vector.slice());
  }

  get version(): number {
    return this.updates;
  }

  /** Current per-knob probabilities, shape [knobs][values]. */
  distribution(): number[][] {
    return this.logits.map((vector) => softmax(vector));
  }

  async propose(contexts: SimulatorContext[], options: Omit<SampleOptions, 'samples'>): Promise<Proposal[]> {
    const random = new Random(options.seed);
    const temperature = Math.max(options.temperature ?? 1, 1e-3);
    return contexts.map((context, position) => {
      const indices = this.logits.map((vector) => random.categorical(softmax(vector, temperature)));
      const values = Object.fromEntries(
        this.domain.knobs.map((knob, index) => [knob.name, knob.values[indices[index]!]!]),
      );
      const logprob = indices.reduce((sum, value, knob) => sum + Math.log(softmax(this.logits[knob]!)[value]!), 0);
      const built = this.domain.specFromKnobs(values, deriveSeed(options.seed, 'spec', position));
      return {
        id: stableId(['parametric', options.seed, position, context.id]),
        contextId: context.id,
        raw: built.ok ? this.domain.formatSpec(built.value) : JSON.stringify(values),
        ...(built.ok ? { spec: built.value } : {}),
        sample: indices,
        logprob,
        policyVersion: `parametric-v${this.updates}`,
      };
    });
  }

  /**
   * Warm start: the maximum-likelihood knob distribution of the demonstrations (the seeds), mixed with a
   * little uniform mass. It becomes the initial simulator that the KL penalty refers to. Without a
   * domain inverse (`knobValuesOf`) the initial distribution is kept.
   */
  async warmStart(
    demonstrations: SimulatorDemonstration[],
    _options?: { seed: number },
  ): Promise<SimulatorWarmStartStats> {
    const indices = demonstrations.flatMap((demonstration) => {
      const values = this.domain.knobValuesOf?.(demonstration.spec as never);
      if (!values) return [];
      const row = this.domain.knobs.map((knob) => knob.values.indexOf(values[knob.name] as never));
      return row.every((index) => index >= 0) ? [row] : [];
    });
    if (indices.length > 0) {
      const sizes = this.domain.knobs.map((knob) => knob.values.length);
      const histogram = weightedHistogram(
        indices,
        indices.map(() => 1),
        sizes,
      );
      const smoothing = this.options.warmStartSmoothing;
      this.initial = histogram.map((probabilities) =>
        probabilities.map((p) => Math.log((1 - smoothing) * p + smoothing / probabilities.length)),
      );
      this.logits = this.initial.map((vector) => vector.slice());
    }
    this.updates++;
    return { demonstrations: indices.length, entropy: factorisedEntropy(this.logits) };
  }

  async update(batch: SimulatorUpdateBatch, _options?: { seed: number }): Promise<SimulatorUpdateStats> {
    const usable = batch.records.filter(
      (record) => record.weight > 0 && SampleSchema.safeParse(record.proposal.sample).success,
    );
    if (usable.length === 0)
      return {
        records: 0,
        updateKl: 0,
        klToInitial: factorisedKl(this.logits, this.initial),
        entropy: factorisedEntropy(this.logits),
      };
    const sizes = this.domain.knobs.map((knob) => knob.values.length);
    const samples = usable.map((record) => record.proposal.sample as number[]);
    const target = weightedHistogram(
      samples,
      usable.map((record) => record.weight),
      sizes,
    );
    const result = rwrStep(this.logits, this.initial, target, this.options);
    this.logits = result.logits;
    this.updates++;
    return {
      records: usable.length,
      updateKl: result.klFromPrevious,
      klToInitial: factorisedKl(this.logits, this.initial),
      scale: result.stepScale,
      entropy: factorisedEntropy(this.logits),
    };
  }

  async save(directory: string): Promise<void> {
    await writeFile(
      join(directory, 'parametric.json'),
      JSON.stringify({ logits: this.logits, initial: this.initial, updates: this.updates }),
    );
  }

  async load(directory: string): Promise<void> {
    const path = join(directory, 'parametric.json');
    const state = await readCheckpointJson(
      path,
      z.object({
        logits: z.array(z.array(z.number())),
        initial: z.array(z.array(z.number())),
        updates: z.number().int().min(0),
      }),
      'parametric simulator',
    );
    const sizes = this.domain.knobs.map((knob) => knob.values.length);
    const fits = (logits: Logits) =>
      logits.length === sizes.length && logits.every((vector, knob) => vector.length === sizes[knob]);
    if (!fits(state.logits) || !fits(state.initial))
      throw new GenEnvError('policy', `parametric simulator checkpoint ${path} does not match the domain's knobs`);
    this.logits = state.logits;
    this.initial = state.initial;
    this.updates = state.updates;
  }
}
