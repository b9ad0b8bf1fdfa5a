import { join } from 'node:path';
import type { RunSummary } from '../interfaces/index.ts';
import { GenEnvError, InvalidFileError, messageLine } from '../interfaces/index.ts';
import { runEpoch } from './epoch.ts';
import { createRunContext, type RunContext, type RunInput, runIdentity } from './run-context.ts';
import { warmStart } from './warm-start.ts';

/**
 * The GenEnv co-evolution loop (paper Algorithm 1) and its variants. Epoch 0 is the warm start and an
 * evaluation before any co-evolution update; epochs 1..E generate, attempt, assess, update both players,
 * evaluate and commit. Every epoch commits atomically; a run resumes from its last committed epoch. An aborted
 * `signal` stops the run before its next epoch by throwing the signal's reason.
 */
export async function runLoop(input: RunInput): Promise<RunSummary> {
  const run = createRunContext(input);
  const last = run.store.lastCommittedEpoch();
  run.emit({ type: 'run-start', epochs: run.config.epochs, startEpoch: last === null ? 0 : last + 1 });
  if (last === null) {
    run.emit({ type: 'phase', epoch: 0, phase: 'warm-start' });
    const startedAt = performance.now();
    await runEpoch(run, 0, await warmStart(run), startedAt);
  } else {
    await restore(run, last);
  }
  for (let epoch = (last ?? 0) + 1; epoch <= run.config.epochs; epoch++) {
    // The safe point of a stop: every epoch before this one is committed, so --resume continues the same run.
    input.signal?.throwIfAborted();
    await runEpoch(run, epoch);
  }
  const summary = run.store.writeOutputs(runIdentity(run));
  run.emit({ type: 'run-end', wallSeconds: summary.wallSeconds });
  return summary;
}

/**
 * Loads both players from the checkpoint of the last committed epoch. A checkpoint that cannot be loaded is an
 * InvalidFileError naming it (a file read back), unless its player says why in a GenEnvError of its own.
 */
export async function restore(run: RunContext, last: number): Promise<void> {
  const checkpoint = run.store.checkpointOf(last);
  if (checkpoint === null) throw new GenEnvError('resume', `epoch ${last} has no checkpoint`);
  for (const [role, player] of [
    ['agent', run.agent],
    ['simulator', run.simulator],
  ] as const) {
    const folder = join(run.store.directory, checkpoint, role);
    try {
      await player.load(folder);
    } catch (error) {
      if (error instanceof GenEnvError) throw error;
      throw new InvalidFileError(`the ${role} checkpoint ${folder} cannot be loaded: ${messageLine(error)}`, {
        cause: error,
      });
    }
  }
}
