/**
 * The success predictor replayed on a finished run: for each epoch t ≥ 1, the predictor fitted as the selector fits
 * it (every outcome of epochs before t) predicts epoch t's generated task types, and is scored against their measured
 * p̂: the correlation, the mean log-loss per attempt, and the band share of the task types it would have chosen (the
 * 1/m of them predicted nearest α) beside the band share of all. Pure but for the domain's functions.
 */
import type { Domain } from '../../src/index.ts';
import {
  DEFAULT_SUCCESS_PREDICTOR,
  fitSuccessPredictor,
  type GroupOutcome,
  mean,
  nearestToAlpha,
  outcomeObservations,
  predictSuccess,
  taskTypeKeys,
} from '../../src/internal.ts';

/** One generated task type of a run: its epoch, spec and outcomes over all its rollouts. */
export interface ReplayedTaskType {
  epoch: number;
  spec: unknown;
  successes: number;
  attempts: number;
}

export interface PredictorForm {
  /** The longest n-gram read (`selectorOrder`). */
  order: number;
  /** Weight kept per epoch of age (`selectorDecay`). */
  decay: number;
  /** The choice keeps 1/pool of an epoch's task types (`selectorPool`). */
  pool: number;
  /** The prior precision of each feature's weight (DEFAULT_SUCCESS_PREDICTOR's when unset). */
  ridge?: number;
}

export interface ReplayFigures extends PredictorForm {
  /** Epochs replayed. */
  epochs: number;
  /** Pearson correlation of predicted p and measured p̂, mean over epochs. */
  correlation: number;
  /** Binomial log-loss per attempt (nats), mean over epochs. */
  logLoss: number;
  /** Band share of the chosen task types, mean over epochs. */
  chosenInBand: number;
  /** Band share of all the epoch's task types, mean over epochs. */
  allInBand: number;
}

function correlation(left: readonly number[], right: readonly number[]): number {
  const leftMean = mean(left) ?? 0;
  const rightMean = mean(right) ?? 0;
  let product = 0;
  let leftSquares = 0;
  let rightSquares = 0;
  left.forEach((value, index) => {
    product += (value - leftMean) * (right[index]! - rightMean);
    leftSquares += (value - leftMean) ** 2;
    rightSquares += (right[index]! - rightMean) ** 2;
  });
  return leftSquares > 0 && rightSquares > 0 ? product / Math.sqrt(leftSquares * rightSquares) : Number.NaN;
}

/**
 * The replay of one predictor form on a run: `evidence` every stored group outcome (all sources), `judged` the
 * generated task types the choice is replayed on (epochs ≥ 1).
 */
export function replayPredictor(
  domain: Domain,
  evidence: readonly GroupOutcome[],
  judged: readonly ReplayedTaskType[],
  form: PredictorForm,
  band: { alpha: number; kMin: number },
): ReplayFigures {
  const epochs = [...new Set(judged.map((taskType) => taskType.epoch))].sort((left, right) => left - right);
  const rows = epochs.map((epoch) => {
    const observations = outcomeObservations(
      domain,
      evidence.filter((group) => group.epoch < epoch),
      epoch,
      form,
    );
    const predictor = fitSuccessPredictor(observations, {
      alpha: band.alpha,
      ...DEFAULT_SUCCESS_PREDICTOR,
      ...(form.ridge === undefined ? {} : { ridge: form.ridge }),
    });
    const taskTypes = judged.filter((taskType) => taskType.epoch === epoch);
    const predicted = taskTypes.map((taskType) => {
      const spec = domain.specSchema.parse(taskType.spec);
      return predictSuccess(predictor, taskTypeKeys(domain.formatSpec(spec), domain.features(spec), form.order));
    });
    const measured = taskTypes.map((taskType) => taskType.successes / taskType.attempts);
    const inBand = (index: number) => Math.abs(measured[index]! - band.alpha) <= band.kMin + 1e-12;
    const chosen = nearestToAlpha(predicted, Math.max(1, Math.round(taskTypes.length / form.pool)), band.alpha);
    const loss = taskTypes.reduce((sum, taskType, index) => {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, predicted[index]!));
      return sum - taskType.successes * Math.log(p) - (taskType.attempts - taskType.successes) * Math.log(1 - p);
    }, 0);
    return {
      correlation: correlation(predicted, measured),
      logLoss: loss / taskTypes.reduce((sum, taskType) => sum + taskType.attempts, 0),
      chosenInBand: chosen.filter(inBand).length / chosen.length,
      allInBand: taskTypes.filter((_, index) => inBand(index)).length / taskTypes.length,
    };
  });
  const average = (pick: (row: (typeof rows)[number]) => number) =>
    mean(rows.map(pick).filter((value) => !Number.isNaN(value))) ?? Number.NaN;
  return {
    ...form,
    epochs: rows.length,
    correlation: average((row) => row.correlation),
    logLoss: average((row) => row.logLoss),
    chosenInBand: average((row) => row.chosenInBand),
    allInBand: average((row) => row.allInBand),
  };
}
