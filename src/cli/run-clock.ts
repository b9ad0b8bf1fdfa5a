/**
 * Time on the progress bar: how long the run has gone and how long it still needs. Pure functions; times are
 * milliseconds from one clock (`performance.now()`), durations seconds.
 */

/** A duration for a person: `42s`, `3m 05s`, `2h 07m`; `–` when unknown (null or not finite). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${pad(whole % 60)}s`;
  return `${Math.floor(whole / 3600)}h ${pad(Math.floor((whole % 3600) / 60))}m`;
}

/**
 * Seconds the run still needs for `remainingEpochs`, at the pace of the epochs this process finished: the mean gap
 * between their ends. Null until two have ended, because the time before the first end holds the start-up and, for
 * a new run, the warm start (on the ladder preset about as long as twenty epochs). 0 when none remain.
 */
export function remainingSeconds(epochEnds: readonly number[], remainingEpochs: number): number | null {
  if (remainingEpochs <= 0) return 0;
  if (epochEnds.length < 2) return null;
  return ((epochEnds.at(-1)! - epochEnds[0]!) / (epochEnds.length - 1) / 1000) * remainingEpochs;
}
