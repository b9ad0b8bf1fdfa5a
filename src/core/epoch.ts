import type { EpochExtra } from '../interfaces/index.ts';
import { assess } from './assess.ts';
import { attempt } from './attempt.ts';
import { commit } from './commit.ts';
import { type EpochRecord, openEpoch } from './epoch-record.ts';
import { evaluate } from './evaluate.ts';
import { generate } from './generate.ts';
import type { RunContext } from './run-context.ts';
import { update } from './update.ts';

/**
 * One epoch of Algorithm 1: generate task types, let the agent attempt them, assess p̂ and R_env, update both
 * players, evaluate on the held-out sets and commit. Epoch 0 evaluates the warm start: it updates neither player.
 * `extra` holds metrics gathered before the epoch, `startedAt` (ms, `performance.now()`) starts its clock.
 */
export async function runEpoch(
  run: RunContext,
  epoch: number,
  extra: EpochExtra = {},
  startedAt = performance.now(),
): Promise<EpochRecord> {
  const generated = await generate(run, openEpoch(run, epoch, { extra }));
  const attempted = await attempt(run, generated);
  const assessed = assess(run, attempted);
  const updated = await update(run, assessed);
  const evaluated = await evaluate(run, updated);
  await commit(run, evaluated, startedAt);
  return evaluated;
}
