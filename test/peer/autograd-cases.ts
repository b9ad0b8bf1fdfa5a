/**
 * The cases the PyTorch autograd peer test runs: a small model (2 layers, width 32, 4 heads, SwiGLU 64, the byte
 * tokenizer's 259 tokens), a batch of five sequences of different lengths and loss starts, and one token objective
 * each: SFT cross-entropy, GRPO's clipped ratio with KL (k1, k2, k3) and entropy terms and a guided sequence, RWR's
 * weighted NLL, and the copy head under each. genenv's side runs here, through the path its updates take
 * (LanguageModel.score, tokenObjective, the pass's backward into model.gradients); `exportCase` writes what PyTorch
 * needs to compute the same thing on its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { broadcast, flatten, unflatten } from '../../src/algorithms/flat-tokens.ts';
import { aggregationWeights, type AggregationMode, tokenObjective } from '../../src/algorithms/objective.ts';
import type { KlEstimatorName, PolicyLossName } from '../../src/algorithms/token-losses.ts';
import type { ScoredSequence } from '../../src/models/batching.ts';
import { writeCheckpoint } from '../../src/models/checkpoint.ts';
import { LanguageModel } from '../../src/models/language-model.ts';
import { ModelConfigSchema } from '../../src/models/model-config.ts';
import { initializeParameters, parameterLayout, view } from '../../src/models/parameters.ts';
import { Tokenizer } from '../../src/models/tokenizer.ts';
import { Random } from '../../src/util/random.ts';

/** One case: the model's head options and the objective, as genenv's updates pass it to tokenObjective. */
export interface AutogradCase {
  name: string;
  tieEmbeddings: boolean;
  copyHead: boolean;
  policyLoss: PolicyLossName;
  klEstimator: KlEstimatorName;
  klCoefficient: number;
  entropyCoefficient: number;
  aggregation: AggregationMode;
  /** Advantage (GRPO) or weight (RWR, SFT) of each of the five sequences. */
  signal: readonly number[];
  /** 1 marks a guided (off-policy) sequence. */
  offPolicy: readonly number[];
  /** log π_ref − log π per scored token, cycled (a KL term only). */
  referenceGaps?: readonly number[];
  /** KL estimators of the PyTorch reference to compute beside the one that mirrors genenv's (reported only). */
  alternativeEstimators?: readonly string[];
}

const clip = 0.2;

/**
 * log π − log π_old per scored token, cycled: ratios 0.64, 0.90, 1, 1.13 and 1.49, so that with advantages of both
 * signs some tokens are clipped below 1 − ε and some above 1 + ε, each at least 0.05 from a bound (float32 sums of
 * the two programs differ by ~1e-6 and cannot flip a token's branch).
 */
const ratioGaps = [-0.45, -0.1, 0, 0.12, 0.4];
const referenceGaps = [-0.9, -0.3, 0.15, 0.6, 1.2];
const advantages = [1.2, -0.8, 0.5, -1.5, 0.9];
const guidedLast = [0, 0, 0, 0, 1];
const onPolicy = [0, 0, 0, 0, 0];

/** RWR's signal: each record's weight over the weights' total, times the record count (src/algorithms/rwr.ts). */
function rwrSignal(weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (weight / total) * weights.length);
}

const sft = {
  policyLoss: 'weighted-nll',
  klEstimator: 'k3',
  klCoefficient: 0,
  entropyCoefficient: 0,
  aggregation: 'token-mean',
  signal: [1, 1, 1, 1, 1],
  offPolicy: onPolicy,
} as const;
const grpo = {
  policyLoss: 'clipped-ratio',
  klEstimator: 'k3',
  klCoefficient: 0.2,
  entropyCoefficient: 0.05,
  aggregation: 'token-mean',
  signal: advantages,
  offPolicy: guidedLast,
  referenceGaps,
} as const;
const rwr = {
  policyLoss: 'weighted-nll',
  klEstimator: 'k3',
  klCoefficient: 0.1,
  entropyCoefficient: 0.02,
  aggregation: 'sequence-mean',
  signal: rwrSignal([0.5, 2, 1, 0.25, 1.25]),
  offPolicy: onPolicy,
  referenceGaps,
} as const;
const plain = { tieEmbeddings: false, copyHead: false };

export const autogradCases: AutogradCase[] = [
  { name: 'sft', ...plain, ...sft },
  { name: 'sft-tied', ...sft, tieEmbeddings: true, copyHead: false },
  { name: 'grpo-k3-token-mean', ...plain, ...grpo },
  { name: 'grpo-k2-sequence-mean', ...plain, ...grpo, klEstimator: 'k2', aggregation: 'sequence-mean' },
  { name: 'grpo-k1-sequence-mean', ...plain, ...grpo, klEstimator: 'k1', aggregation: 'sequence-mean' },
  // Two tokens 25 nats either side of the reference: k3's log-ratio clamp at ±20 holds there.
  {
    name: 'grpo-k3-clamped',
    ...plain,
    ...grpo,
    referenceGaps: [25, ...referenceGaps, -25, ...referenceGaps],
    alternativeEstimators: ['k3-clamp20', 'k3-clamp20-straight-through', 'low-var-kl'],
  },
  { name: 'rwr', ...plain, ...rwr },
  { name: 'copy-head-sft', ...sft, tieEmbeddings: false, copyHead: true },
  { name: 'copy-head-grpo-tied', ...grpo, tieEmbeddings: true, copyHead: true },
  { name: 'copy-head-rwr', ...rwr, tieEmbeddings: false, copyHead: true },
];

/**
 * The PyTorch estimator (torch_objectives.py) that mirrors genenv's `name`, k3's form read from genenv's objective
 * itself: its value 5 nats below the reference (e⁵ − 6 ≈ 142 for Schulman's k3 clamped at ±20 nats, at most 10 for
 * verl's low_var_kl) and its gradient 25 nats below (zero where the clamp is differentiated as written, 1 − e²⁰ where
 * it is straight-through).
 */
export function mirroredEstimator(name: KlEstimatorName): string {
  if (name !== 'k3') return name;
  const probe = (gap: number) =>
    tokenObjective(
      {
        logprob: new Float32Array([-gap]),
        oldLogprob: new Float32Array([-gap]),
        referenceLogprob: new Float32Array([0]),
        entropy: new Float32Array([0]),
        signal: new Float32Array([0]),
        aggregation: new Float32Array([1]),
      },
      { policyLoss: 'weighted-nll', klEstimator: 'k3', klCoefficient: 1, entropyCoefficient: 0, clip },
    );
  if (probe(5).stats.kl <= 10 + 1e-9) return 'low-var-kl';
  return probe(25).gradLogprob[0] === 0 ? 'k3-clamp20' : 'k3-clamp20-straight-through';
}

/** The model of a case: genenv's initial weights, then spread so that norms, heads and the gate are not at rest. */
export function caseModel(autogradCase: AutogradCase): LanguageModel {
  const tokenizer = new Tokenizer([]);
  const config = ModelConfigSchema.parse({
    vocabSize: tokenizer.vocabSize,
    modelWidth: 32,
    layers: 2,
    heads: 4,
    hiddenWidth: 64,
    contextLength: 32,
    tieEmbeddings: autogradCase.tieEmbeddings,
    copyHead: autogradCase.copyHead,
  });
  const weights = initializeParameters(config, 17);
  const layout = parameterLayout(config);
  const random = new Random(23);
  const spread = (slot: (typeof layout.slots)[number], scale: number, shift = 0) => {
    const values = view(weights, slot);
    for (let index = 0; index < values.length; index++)
      values[index] = shift + values[index]! * scale + 0.05 * random.normal();
  };
  // Norm gains around 1, not all 1; embedding and output head 8× wider (peaked distributions, so that the entropy
  // and the clipping matter); the copy gate away from an even mixture.
  for (const slot of layout.slots) {
    if (slot.name.endsWith('norm')) spread(slot, 1);
    else if (slot.name === 'embedding' || slot.name === 'output') spread(slot, 8);
    else if (slot.name === 'copy.gate') spread(slot, 10, 0.1);
  }
  return new LanguageModel(config, tokenizer, weights);
}

/** Five sequences of 10 to 25 tokens over 24 token ids (repeats, so the copy head's pointer sums several positions). */
export function caseSequences(): ScoredSequence[] {
  const random = new Random(31);
  const lengths = [25, 12, 19, 10, 22];
  const lossStarts = [4, 0, 7, 1, 11];
  return lengths.map((length, index) => ({
    tokens: Array.from({ length }, () => random.int(0, 23)),
    lossStart: lossStarts[index]!,
  }));
}

/** genenv's loss, per-token scores and gradients on a case (the model's gradients cleared first). */
export interface GenenvResult {
  loss: number;
  logprobs: Float32Array;
  entropies: Float32Array;
  oldLogprob: Float32Array | null;
  referenceLogprob: Float32Array | null;
  gradients: Float32Array;
}

const cycled = (values: readonly number[], index: number) => values[index % values.length]!;

/**
 * Runs a case as genenv's updates do: score the batch, build the token terms (old log-probabilities = `base` minus the
 * cycled ratio gaps, reference ones = `base` plus the cycled reference gaps, both float32 as genenv holds them; `base`
 * is this pass's log π unless given), the objective, and its backward with the entropy gradient passed when the
 * entropy term is on.
 */
export function runGenenv(model: LanguageModel, autogradCase: AutogradCase, base?: Float32Array): GenenvResult {
  model.zeroGradients();
  const sequences = caseSequences();
  const pass = model.score(sequences);
  const lengths = pass.logprobs.map((values) => values.length);
  const logprobs = flatten(pass.logprobs);
  const anchor = base ?? logprobs;
  const clipped = autogradCase.policyLoss === 'clipped-ratio';
  const oldLogprob = clipped ? anchor.map((value, index) => value - cycled(ratioGaps, index)) : null;
  const gaps = autogradCase.referenceGaps;
  const referenceLogprob = gaps ? anchor.map((value, index) => value + cycled(gaps, index)) : null;
  const result = tokenObjective(
    {
      logprob: logprobs,
      oldLogprob: oldLogprob ?? logprobs,
      referenceLogprob,
      entropy: flatten(pass.entropies),
      signal: broadcast(autogradCase.signal, lengths),
      aggregation: flatten(aggregationWeights(lengths, autogradCase.aggregation)),
      offPolicy: Uint8Array.from(broadcast(autogradCase.offPolicy, lengths)),
    },
    {
      policyLoss: autogradCase.policyLoss,
      klEstimator: autogradCase.klEstimator,
      klCoefficient: autogradCase.klCoefficient,
      entropyCoefficient: autogradCase.entropyCoefficient,
      clip,
    },
  );
  pass.backward(
    unflatten(result.gradLogprob, lengths),
    autogradCase.entropyCoefficient > 0 ? unflatten(result.gradEntropy, lengths) : null,
  );
  return {
    loss: result.loss,
    logprobs,
    entropies: flatten(pass.entropies),
    oldLogprob,
    referenceLogprob,
    gradients: new Float32Array(model.gradients),
  };
}

/**
 * Writes a case for torch_reference.py into `folder`: genenv's checkpoint of the weights (model.json, weights.f32)
 * and case.json, with `referenceEstimator` the PyTorch estimator that mirrors genenv's.
 */
export function exportCase(
  folder: string,
  model: LanguageModel,
  autogradCase: AutogradCase,
  genenv: GenenvResult,
  referenceEstimator: string,
): void {
  mkdirSync(folder, { recursive: true });
  writeCheckpoint(folder, {
    config: model.config,
    tokenizer: model.tokenizer.toState(),
    metadata: { case: autogradCase.name },
    arrays: { weights: model.parameters },
  });
  const layout = model.transformer.layout.slots.map((slot) => [slot.name, slot.offset, slot.shape]);
  const fround = (values: readonly number[]) => values.map(Math.fround);
  const caseFile = {
    name: autogradCase.name,
    layout,
    sequences: caseSequences(),
    objective: {
      policyLoss: autogradCase.policyLoss,
      klEstimator: referenceEstimator,
      klCoefficient: autogradCase.klCoefficient,
      entropyCoefficient: autogradCase.entropyCoefficient,
      clip,
      aggregation: autogradCase.aggregation,
    },
    signal: fround(autogradCase.signal),
    offPolicy: autogradCase.offPolicy,
    oldLogprob: genenv.oldLogprob ? Array.from(genenv.oldLogprob) : null,
    referenceLogprob: genenv.referenceLogprob ? Array.from(genenv.referenceLogprob) : null,
    alternativeEstimators: autogradCase.alternativeEstimators ?? [],
  };
  writeFileSync(join(folder, 'case.json'), JSON.stringify(caseFile));
}
