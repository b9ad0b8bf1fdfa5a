/** Events the loop emits, for progress bars and logs. */
import type { EpochMetrics } from './summary.ts';

export type Phase =
  | 'warm-start'
  | 'generate'
  | 'attempt'
  | 'assess'
  | 'update-agent'
  | 'update-simulator'
  | 'evaluate'
  | 'commit';

export type RunEvent =
  | { type: 'run-start'; epochs: number; startEpoch: number }
  | { type: 'phase'; epoch: number; phase: Phase }
  | { type: 'progress'; epoch: number; phase: Phase; done: number; total: number }
  | { type: 'epoch-end'; epoch: number; metrics: EpochMetrics } // as summary.json and metrics.jsonl hold them
  | { type: 'run-end'; wallSeconds: number };

export type EventSink = (event: RunEvent) => void;
