import { constants } from 'node:os';
import type { Remedy } from '../interfaces/index.ts';

/** The signals that ask a genenv command to stop. */
export type StopSignalName = 'SIGINT' | 'SIGTERM';

/** A command stopped because a signal asked it to; it exits 128 + the signal's number (130, 143). */
export class StopRequested extends Error {
  readonly signal: StopSignalName;
  /** How to continue what was stopped (resume its folder), where something was kept. */
  readonly remedy?: Remedy;
  constructor(signal: StopSignalName, message = `stopped by ${signal}`, remedy?: Remedy) {
    super(message);
    this.name = 'StopRequested';
    this.signal = signal;
    if (remedy) this.remedy = remedy;
  }

  get exitCode(): number {
    return 128 + constants.signals[this.signal];
  }
}

/** How often the parent process is checked under npm (see listenForStop). */
const PARENT_CHECK_MS = 200;

/**
 * Listens for SIGINT and SIGTERM until disposed: the first aborts the returned signal (its reason a StopRequested),
 * so the command stops at its next safe point; a second one of either exits at once, for a user who will not wait.
 *
 * Started by `npx genenv` or `npm run genenv` (npm sets npm_command), this process is npm's grandchild: npm runs a
 * bin through `sh -c`, and forwards SIGINT/SIGTERM only to that shell, which dash does not pass on; the shell dies
 * and this process would keep running, orphaned. So under npm the parent's id is checked too: when it changes (the
 * shell died), the command stops as if it had got SIGTERM.
 */
export function listenForStop(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  let received = 0;
  const stop = (signal: StopSignalName) => {
    if (!controller.signal.aborted) controller.abort(new StopRequested(signal));
  };
  // Only a signal counts as the second one: npm's shell may die of the same Ctrl-C this process got.
  const onSignal = (signal: StopSignalName) => {
    received++;
    if (received === 1) return stop(signal);
    process.stderr.write(`genenv: second ${signal}, exiting now\n`);
    process.exit(128 + constants.signals[signal]);
  };
  const onInterrupt = () => onSignal('SIGINT');
  const onTerminate = () => onSignal('SIGTERM');
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  const parent = process.ppid;
  const watch =
    process.env.npm_command === undefined
      ? undefined
      : setInterval(() => {
          if (process.ppid !== parent) stop('SIGTERM');
        }, PARENT_CHECK_MS).unref();
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
      if (watch !== undefined) clearInterval(watch);
    },
  };
}

/** Resolves when the signal is aborted (at once if it already is). */
export function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
