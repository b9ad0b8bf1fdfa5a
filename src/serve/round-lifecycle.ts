import {
  assess,
  commit,
  type EpochRecord,
  evaluate,
  generate,
  openEpoch,
  recordAttempts,
  type RunContext,
  type TaskType,
  update,
} from '../core/index.ts';
import { Round } from './round.ts';

/** The trainer is the agent: its traces carry this version label. */
export const EXTERNAL_AGENT = 'external';

/** An opened round: the epoch as the generate phase left it, laid out as attempts. */
export interface OpenRound {
  round: Round;
  record: EpochRecord<TaskType>;
}

/**
 * Opens an epoch with the loop's own generate phase (Algorithm 1, steps 1–2): contexts, the simulator's
 * proposals, validation and n variations each, plus the base-data task types of the run's baseFraction.
 * Each instance is attempted G times by the trainer.
 */
export async function openRound(run: RunContext, epoch: number): Promise<OpenRound> {
  const record = await generate(run, openEpoch(run, epoch, { agentVersion: EXTERNAL_AGENT }));
  return { round: new Round(epoch, [...record.generated, ...record.replayAndBase], run.config.samples), record };
}

/**
 * Closes a complete round with the loop's own phases once the trainer's attempts are in: assess (p̂ → R_env →
 * band → RWR weight), update (the simulator, from epoch 1, where the variant trains it; the trainer trains the
 * agent), evaluate (nothing: genenv does not hold the trainer's weights) and one atomic commit with
 * metrics.jsonl and summary.json re-rendered. The epoch's wall time runs from `startedAt` (ms, `performance.now()`).
 */
export async function closeRound(run: RunContext, open: OpenRound, startedAt: number): Promise<void> {
  const { round, record } = open;
  const counted = { ...record, extra: { ...record.extra, 'serve/attempts': round.size } };
  const assessed = assess(run, recordAttempts(counted, round.attempts(run.domain)));
  await commit(run, await evaluate(run, await update(run, assessed)), startedAt);
}
