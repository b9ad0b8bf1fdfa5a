import { copyAdamState, type AdamState } from '../models/adam.ts';
import type { ScoredSequence } from '../models/batching.ts';
import type { LanguageModel } from '../models/language-model.ts';
import { fineTuneSteps, type SftOptions, type SftStats } from './sft.ts';
import { stoppingVerdict } from './validation-stopping.ts';

/** How a supervised fine-tune checks itself on a validation split. */
export interface ValidationChecks {
  /** Optimiser steps between checks (≥ 1). */
  every: number;
  /** Checks without a better accuracy before it stops (stoppingVerdict). */
  patience: number;
  /** Accuracy of the model as it stands on the validation split, in [0, 1]. */
  accuracy: () => Promise<number>;
}

export interface ValidatedSftStats extends SftStats {
  /** Steps taken before it stopped (`steps` is the kept step's count). */
  stepsTaken: number;
  checks: number;
  /** Validation accuracy of the kept weights. */
  validationAccuracy: number;
}

/**
 * SFT of `options.epochs` passes at most (the schedule spans all of them), checking validation accuracy every
 * `checks.every` steps and after the last; it stops by stoppingVerdict and leaves the model (weights and optimiser)
 * as it was at the kept check, so the result is the fine-tune that had stopped there. Between checks it is
 * fineTuneSteps, step for step.
 */
export async function validatedFineTune(
  model: LanguageModel,
  sequences: readonly ScoredSequence[],
  options: SftOptions,
  checks: ValidationChecks,
): Promise<ValidatedSftStats> {
  const accuracies: number[] = [];
  let kept: { stats: SftStats; parameters: Float32Array; optimizer: AdamState } | null = null;
  let stats: SftStats = { steps: 0, firstLoss: Number.NaN, lastLoss: Number.NaN, tokens: 0 };
  const steps = fineTuneSteps(model, sequences, options);
  const every = Math.max(1, Math.floor(checks.every));
  for (;;) {
    const next = steps.next();
    if (next.done) {
      // The last step is checked unless it just was, or no step was taken (nothing to train on).
      if (stats.steps === 0 || stats.steps % every === 0) break;
    } else {
      stats = next.value;
      if (stats.steps % every !== 0) continue;
    }
    accuracies.push(await checks.accuracy());
    const verdict = stoppingVerdict(accuracies, checks.patience);
    if (verdict.kept === accuracies.length - 1)
      kept = { stats, parameters: new Float32Array(model.parameters), optimizer: copyAdamState(model.optimizer) };
    if (verdict.stop || next.done) break;
  }
  const stepsTaken = stats.steps;
  if (kept && kept.stats.steps !== stepsTaken) {
    model.parameters.set(kept.parameters);
    model.optimizer.first.set(kept.optimizer.first);
    model.optimizer.second.set(kept.optimizer.second);
    model.optimizer.step = kept.optimizer.step;
  }
  return {
    ...(kept?.stats ?? stats),
    stepsTaken,
    checks: accuracies.length,
    validationAccuracy: kept ? Math.max(...accuracies) : Number.NaN,
  };
}
