import type { EventSink } from '../interfaces/index.ts';

/**
 * Whether to rewrite the report now: always the first time, then once the time since the last rewrite is at
 * least `(1 − share) / share` times what that rewrite took, so rewriting costs at most `share` (0–1] of the
 * run's wall time however fast its epochs are. Times in milliseconds. Pure.
 */
export function reportDue(now: number, last: { endedAt: number; milliseconds: number } | null, share: number): boolean {
  if (last === null) return true;
  return now - last.endedAt >= (last.milliseconds * (1 - share)) / share;
}

/**
 * Rewrites `directory`'s report.html after committed epochs, so it can be opened while the run goes on: on the
 * first epoch, then as often as `share` of the wall time allows (`reportDue`; default 4%: on the default run a
 * rewrite takes up to a second by its end, so the page is at most about half a minute behind). The page is built
 * from the stored files, which the commit has just rewritten. A failed rewrite is reported once on `warn` and does
 * not stop the run; the run's final report is built after it as before. `durations` holds each rewrite's time (ms).
 */
export function liveReport(
  directory: string,
  write: (directory: string) => unknown,
  options: { share?: number; warn?: (message: string) => void } = {},
): { sink: EventSink; durations: number[] } {
  const share = options.share ?? 0.04;
  const durations: number[] = [];
  let last: { endedAt: number; milliseconds: number } | null = null;
  let failed = false;
  const sink: EventSink = (event) => {
    if (event.type !== 'epoch-end' || failed || !reportDue(performance.now(), last, share)) return;
    const startedAt = performance.now();
    try {
      write(directory);
    } catch (error) {
      failed = true;
      options.warn?.(`report.html is not rewritten during this run: ${(error as Error).message}\n`);
      return;
    }
    const endedAt = performance.now();
    durations.push(endedAt - startedAt);
    last = { endedAt, milliseconds: endedAt - startedAt };
  };
  return { sink, durations };
}
