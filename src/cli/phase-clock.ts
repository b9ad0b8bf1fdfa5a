import type { Phase } from '../interfaces/index.ts';

/**
 * Wall-clock seconds per phase of a run, summed over epochs (a phase lasts until the next phase event or the end
 * of its epoch). For profiling: `genenv run` prints the tally at the end when GENENV_PHASE_SECONDS=1.
 */
export function phaseClock(now: () => number = () => performance.now()) {
  const seconds = new Map<Phase, number>();
  let current: { phase: Phase; since: number } | null = null;
  const close = () => {
    if (current) seconds.set(current.phase, (seconds.get(current.phase) ?? 0) + (now() - current.since) / 1000);
    current = null;
  };
  return {
    /** Starts `phase`, ending the one before. */
    enter(phase: Phase) {
      close();
      current = { phase, since: now() };
    },
    /** Ends the phase in progress (an epoch ended). */
    close,
    /** One line: `phase seconds` pairs in the order phases first ran, and their total. */
    line(): string {
      close();
      const parts = [...seconds].map(([phase, value]) => `${phase} ${value.toFixed(1)}`);
      const total = [...seconds.values()].reduce((sum, value) => sum + value, 0);
      return `seconds per phase: ${parts.join(', ')} (total ${total.toFixed(1)})`;
    },
  };
}
