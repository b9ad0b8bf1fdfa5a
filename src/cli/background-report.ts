import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { workerEntry } from '../util/worker-entry.ts';
import type { ReportRenderer } from './live-report.ts';

/** nice 19, the lowest priority: the report takes only the CPU time the run's threads leave. */
const BACKGROUND_PRIORITY = 19;

/**
 * A renderer in a child process at the lowest scheduling priority: rewriting report.html (up to half a second of
 * chart layout by the end of the default run) then no longer stops the run's main thread, and on a machine whose
 * cores the run keeps busy the report waits instead of the run. One rewrite at a time.
 */
export function backgroundReportRenderer(): ReportRenderer {
  const child = fork(fileURLToPath(workerEntry('report-process', import.meta.url)), [], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  try {
    if (child.pid !== undefined) setPriority(child.pid, BACKGROUND_PRIORITY);
  } catch {
    // Where the priority cannot be lowered the report still works; it only competes with the run as before.
  }
  let errorOutput = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    errorOutput = (errorOutput + text).slice(-2000);
  });
  let ended: string | null = null;
  let waiting: { resolve: (milliseconds: number) => void; reject: (error: Error) => void } | null = null;
  const end = (reason: string) => {
    ended ??= reason;
    waiting?.reject(new Error(ended));
    waiting = null;
  };
  child.on('message', (reply: { milliseconds?: number; error?: string }) => {
    const answered = waiting;
    waiting = null;
    if (reply.error !== undefined) answered?.reject(new Error(reply.error));
    else answered?.resolve(reply.milliseconds ?? 0);
  });
  child.on('error', (error) => end(`the report process failed: ${error.message}`));
  child.on('exit', (code, signal) => {
    const last = errorOutput.trim().split('\n').at(-1);
    end(`the report process ended (${signal ?? `exit ${code}`})${last ? `: ${last}` : ''}`);
  });
  return {
    render(directory) {
      if (ended !== null) return Promise.reject(new Error(ended));
      if (waiting !== null) return Promise.reject(new Error('the report process is still rewriting'));
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        child.send({ directory });
      });
    },
    close() {
      if (ended === null) {
        end('the report process was stopped');
        child.kill();
      }
    },
  };
}
