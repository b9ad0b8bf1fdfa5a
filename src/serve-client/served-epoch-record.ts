import type {
  AgentUpdateMetric,
  AgentWarmStartMetric,
  FlatMetricName,
  MetricValues,
  TRAINER_METRICS,
} from '../interfaces/index.ts';
import { type FlatMetrics, flatMetricsWriter } from '../store/metrics-csv.ts';

/**
 * The `extra` names the trainer logs, as a run logs them: the agent's warm start (`warmstart/…`, epoch 0) and its
 * updates (`agent/…`, from epoch 1).
 */
export type TrainerExtra = MetricValues<
  | `agent/${AgentUpdateMetric}`
  | `warmstart/agent/${AgentWarmStartMetric}`
  | 'warmstart/demonstrations'
  | 'warmstart/validationInstances'
  | 'warmstart/validationAccuracy'
>;

/** The trainer's own figures by their names in `TRAINER_METRICS`; the success and reward are null without attempts. */
export type TrainerFigures = {
  [Name in keyof typeof TRAINER_METRICS]: Name extends 'successRate' | 'reward' ? number | null : number;
};

/**
 * What the trainer did in one served epoch: one line of its metrics.jsonl, in a run's shape where the quantity is a
 * run's (`epoch`, `heldOutAccuracy`, `extra`); `trainer` and `seconds` have no counterpart in a run
 * (docs/metrics.md).
 */
export interface ServedEpochRecord {
  epoch: number;
  /** Greedy accuracy per held-out set after the epoch's update, in [0, 1]. */
  heldOutAccuracy: Record<string, number>;
  /** The agent's warm-start (epoch 0) and update (from epoch 1; epoch 0 only measures) statistics. */
  extra: TrainerExtra;
  /** The trainer's own figures (`trainer/<name>` in metrics.csv). */
  trainer: TrainerFigures;
  /** Wall seconds per phase (`time/<phase>Seconds` in metrics.csv). */
  seconds: { claim: number; act: number; step: number; update: number; evaluate: number };
}

/**
 * One served epoch as the trainer's metrics.csv row, by the names a run's metrics.csv gives the same quantities
 * (`epoch`, `heldout/<set>`, `agent/…`, `warmstart/…`) and `trainer/<name>` and `time/<phase>Seconds` for its own.
 * Null and non-finite values are left out (a missing value, not a zero). Pure.
 */
export function flattenServedEpoch(record: ServedEpochRecord): FlatMetrics {
  const { flat, put } = flatMetricsWriter();
  put('epoch', record.epoch);
  for (const [set, value] of Object.entries(record.heldOutAccuracy)) put(`heldout/${set}`, value);
  for (const [name, value] of Object.entries(record.extra)) put(name as FlatMetricName, value);
  for (const name of Object.keys(record.trainer) as (keyof TrainerFigures)[])
    put(`trainer/${name}`, record.trainer[name]);
  const { seconds } = record;
  put('time/claimSeconds', seconds.claim);
  put('time/actSeconds', seconds.act);
  put('time/stepSeconds', seconds.step);
  put('time/updateSeconds', seconds.update);
  put('time/evaluateSeconds', seconds.evaluate);
  return flat;
}
