import type { EventSink } from '../interfaces/index.ts';

/**
 * Whether to rewrite the report now: always the first time, then once the time since the last rewrite is at
 * least `(1 − share) / share` times what that rewrite took, so rewriting takes at most `share` (0–1] of the
 * run's wall time however fast its epochs are. Times in milliseconds. Pure.
 */
export function reportDue(now: number, last: { endedAt: number; milliseconds: number } | null, share: number): boolean {
  if (last === null) return true;
  return now - last.endedAt >= (last.milliseconds * (1 - share)) / share;
}

/** Renders a run directory's report.html away from the run's own threads (`backgroundReportRenderer`). */
export interface ReportRenderer {
  /** Rewrites `directory`'s report.html; resolves with the milliseconds it took, rejects with why it failed. */
  render(directory: string): Promise<number>;
  /** Stops the renderer (a rewrite in progress is abandoned). Idempotent. */
  close(): void;
}

/** The live report of a run: the event sink that drives it, and its end. */
export interface LiveReport {
  sink: EventSink;
  /** Each finished rewrite's time (ms). */
  durations: number[];
  /** Waits for the rewrite in progress, then rewrites once more (the run's final report); false if that failed. */
  finish(): Promise<boolean>;
  /** Stops the renderer. */
  close(): void;
}

/**
 * Rewrites `directory`'s report.html after committed epochs, so it can be opened while the run goes on: on the
 * first epoch, then as often as `share` of the wall time allows (`reportDue`; default 4%: by the default run's end
 * a rewrite takes about half a second, so the page is at most about fifteen seconds behind). The renderer works in
 * the background, one rewrite at a time, from the stored files the commit has just rewritten; an epoch that ends
 * during a rewrite waits for the next epoch. A failed rewrite is reported once on `warn` and stops the rewrites
 * during the run, never the run.
 */
export function liveReport(
  directory: string,
  renderer: ReportRenderer,
  options: { share?: number; warn?: (message: string) => void } = {},
): LiveReport {
  const share = options.share ?? 0.04;
  const durations: number[] = [];
  let last: { endedAt: number; milliseconds: number } | null = null;
  let failed = false;
  let inFlight: Promise<void> | null = null;
  const rewrite = () => {
    inFlight = renderer.render(directory).then(
      (milliseconds) => {
        durations.push(milliseconds);
        last = { endedAt: performance.now(), milliseconds };
        inFlight = null;
      },
      (error: Error) => {
        failed = true;
        inFlight = null;
        options.warn?.(`report.html is not rewritten during this run: ${error.message}\n`);
      },
    );
  };
  const sink: EventSink = (event) => {
    if (event.type !== 'epoch-end' || failed || inFlight || !reportDue(performance.now(), last, share)) return;
    rewrite();
  };
  return {
    sink,
    durations,
    async finish() {
      await inFlight;
      if (failed) return false;
      try {
        durations.push(await renderer.render(directory));
        return true;
      } catch {
        return false;
      }
    },
    close: () => renderer.close(),
  };
}
