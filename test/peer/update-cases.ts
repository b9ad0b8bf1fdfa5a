/**
 * genenv's updates end to end for the PyTorch autograd peer test: a GRPO update (three groups, one all-equal and one
 * guided, two epochs so that the second step's ratio is clipped), an RWR update (two steps, a zero weight) and SFT
 * (two epochs), each run by genenv's own update function with every optimiser step's weights and gradient captured.
 * PyTorch rebuilds each batch from the update's definition (torch_updates.py: advantages from the rewards, the guide,
 * the weights) and scores π_old and the reference under the weights they had, so what is checked is the gradient of
 * the objective the paper's algorithm defines, not only of the terms genenv hands its backward.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { grpoUpdate, type GrpoGroup, type GrpoOptions } from '../../src/algorithms/grpo.ts';
import { rwrUpdate, type WeightedSequence } from '../../src/algorithms/rwr.ts';
import { supervisedFineTune } from '../../src/algorithms/sft.ts';
import type { ScoredSequence } from '../../src/models/batching.ts';
import { writeCheckpoint } from '../../src/models/checkpoint.ts';
import type { LanguageModel } from '../../src/models/language-model.ts';
import { Random } from '../../src/util/random.ts';
import { type AutogradCase, autogradCases, caseModel } from './autograd-cases.ts';

export type UpdateAlgorithm = 'grpo' | 'rwr' | 'sft';

export interface UpdateCase {
  name: string;
  algorithm: UpdateAlgorithm;
  /** The model's head options (a case of autograd-cases.ts). */
  model: AutogradCase;
}

const byName = (name: string) => autogradCases.find((entry) => entry.name === name)!;

export const updateCases: UpdateCase[] = [
  { name: 'grpo-update', algorithm: 'grpo', model: byName('grpo-k3-token-mean') },
  { name: 'rwr-update-copy-head', algorithm: 'rwr', model: byName('copy-head-rwr') },
  { name: 'sft-update-tied', algorithm: 'sft', model: byName('sft-tied') },
];

const adam = { learningRate: 0.02, beta1: 0.9, beta2: 0.99, epsilon: 1e-8, weightDecay: 0.01, clipNorm: 1 };
const grpoOptions: GrpoOptions = {
  advantage: 'grpo',
  advantageEpsilon: 1e-6,
  clip: 0.2,
  klCoefficient: 0.2,
  klEstimator: 'k3',
  entropyCoefficient: 0.05,
  aggregation: 'sequence-mean',
  epochs: 2,
  minibatchSize: 64,
  adam,
  guidance: 'failed-groups',
};
const rwrOptions = { klCoefficient: 0.1, klEstimator: 'k3', klCap: 1e9, steps: 2, entropyBonus: 0.02, adam } as const;

/** One optimiser step as genenv took it: the weights it started from and the gradient it applied. */
export interface CapturedStep {
  parameters: Float32Array;
  gradients: Float32Array;
}

/** What an update reported and the steps it took. */
export interface UpdateRun {
  /** genenv's loss figures: SFT its first and last step's; RWR its last step's; GRPO the mean over its steps. */
  losses: number[];
  steps: CapturedStep[];
  reference: LanguageModel | null;
  description: Record<string, unknown>;
}

function sequence(random: Random, prompt: number, response: number): ScoredSequence {
  return { tokens: Array.from({ length: prompt + response }, () => random.int(0, 23)), lossStart: prompt };
}

/** Three groups of four rollouts of one prompt each: mixed rewards, a failed group with a guide, an all-equal group. */
function grpoGroups(): GrpoGroup[] {
  const random = new Random(41);
  const group = (rewards: number[], guided: boolean): GrpoGroup => {
    const prompt = sequence(random, 7, 0).tokens;
    const rollout = (length: number) => ({ tokens: [...prompt, ...sequence(random, 0, length).tokens], lossStart: 7 });
    return {
      sequences: rewards.map((_, index) => rollout(5 + 3 * index)),
      rewards,
      ...(guided ? { guide: rollout(9) } : {}),
    };
  };
  return [group([1, 0, 0.5, 0], false), group([0, 0, 0.25, 0], true), group([0.5, 0.5, 0.5, 0.5], false)];
}

function weightedRecords(): WeightedSequence[] {
  const random = new Random(43);
  return [0.5, 2, 0, 1, 0.25].map((weight, index) => ({
    sequence: sequence(random, 4 + index, 6 + 2 * index),
    weight,
  }));
}

function sftSequences(): ScoredSequence[] {
  const random = new Random(47);
  return [3, 0, 6, 2].map((prompt, index) => sequence(random, prompt, 8 + 3 * index));
}

/** A frozen reference near the model: its weights moved by N(0, 0.03²). */
function nearbyReference(model: LanguageModel): LanguageModel {
  const reference = model.clone();
  const random = new Random(53);
  for (let index = 0; index < reference.parameters.length; index++)
    reference.parameters[index] = reference.parameters[index]! + 0.03 * random.normal();
  return reference;
}

/** Runs an update case with genenv's update function, capturing each optimiser step (the model's `step` wrapped). */
export function runUpdate(updateCase: UpdateCase): UpdateRun {
  const model = caseModel(updateCase.model);
  const steps: CapturedStep[] = [];
  const step = model.step.bind(model);
  model.step = (options) => {
    steps.push({ parameters: new Float32Array(model.parameters), gradients: new Float32Array(model.gradients) });
    return step(options);
  };
  if (updateCase.algorithm === 'grpo') {
    const reference = nearbyReference(model);
    const groups = grpoGroups();
    const stats = grpoUpdate(model, reference, groups, grpoOptions, 5);
    const description = { groups, guidance: grpoOptions.guidance, epsilon: grpoOptions.advantageEpsilon };
    return { losses: [stats.loss!], steps, reference, description };
  }
  if (updateCase.algorithm === 'rwr') {
    const reference = nearbyReference(model);
    const records = weightedRecords();
    const stats = rwrUpdate(model, reference, records, rwrOptions);
    return { losses: [stats.loss!], steps, reference, description: { records } };
  }
  const sequences = sftSequences();
  const stats = supervisedFineTune(model, sequences, { adam, epochs: 2, batchSize: 64, seed: 3 });
  return { losses: [stats.firstLoss, stats.lastLoss], steps, reference: null, description: { sequences } };
}

/** The objective each update hands tokenObjective (its KL estimator aside). */
const updateObjectives = {
  grpo: {
    policyLoss: 'clipped-ratio',
    klCoefficient: grpoOptions.klCoefficient,
    entropyCoefficient: grpoOptions.entropyCoefficient,
    clip: grpoOptions.clip,
    aggregation: grpoOptions.aggregation,
  },
  rwr: {
    policyLoss: 'weighted-nll',
    klCoefficient: rwrOptions.klCoefficient,
    entropyCoefficient: rwrOptions.entropyBonus,
    clip: 0.2,
    aggregation: 'sequence-mean',
  },
  sft: { policyLoss: 'weighted-nll', klCoefficient: 0, entropyCoefficient: 0, clip: 0.2, aggregation: 'token-mean' },
} as const;

/**
 * Writes an update for torch_reference.py: the weights of every step (step0, step1, …) and the reference in genenv's
 * checkpoint, and case.json naming, per step, the weights π and π_old are scored under (π_old is the model before the
 * update: step0) and the reference's.
 */
export function exportUpdate(folder: string, updateCase: UpdateCase, run: UpdateRun, klEstimator: string): void {
  mkdirSync(folder, { recursive: true });
  const model = caseModel(updateCase.model);
  const arrays: Record<string, Float32Array> = Object.fromEntries(
    run.steps.map((step, index) => [`step${index}`, step.parameters]),
  );
  if (run.reference) arrays.reference = run.reference.parameters;
  writeCheckpoint(folder, { config: model.config, tokenizer: model.tokenizer.toState(), metadata: {}, arrays });
  const caseFile = {
    name: updateCase.name,
    layout: model.transformer.layout.slots.map((slot) => [slot.name, slot.offset, slot.shape]),
    objective: { ...updateObjectives[updateCase.algorithm], klEstimator },
    update: { algorithm: updateCase.algorithm, ...run.description },
    steps: run.steps.map((_, index) => ({
      weights: `step${index}`,
      oldWeights: updateCase.algorithm === 'grpo' ? 'step0' : null,
      referenceWeights: run.reference ? 'reference' : null,
    })),
  };
  writeFileSync(join(folder, 'case.json'), JSON.stringify(caseFile));
}
