import type { Phase } from '../interfaces/index.ts';

/** Wall-clock and CPU seconds of one phase, summed over epochs. */
interface PhaseTally {
  wall: number;
  cpu: number;
}

/** CPU seconds of this process so far, every thread (workers and native pool threads) included. */
function processCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/**
 * Wall-clock and CPU seconds per phase of a run, summed over epochs (a phase lasts until the next phase event or the
 * end of its epoch). CPU over wall is how many cores the phase kept busy. For profiling: `genenv run` prints the
 * tally at the end when GENENV_PHASE_SECONDS=1.
 * @param now milliseconds on a monotonic clock
 * @param cpu CPU seconds of the process
 */
export function phaseClock(now: () => number = () => performance.now(), cpu: () => number = processCpuSeconds) {
  const tallies = new Map<Phase, PhaseTally>();
  let current: { phase: Phase; since: number; cpuSince: number } | null = null;
  const close = () => {
    if (current) {
      const tally = tallies.get(current.phase) ?? { wall: 0, cpu: 0 };
      tally.wall += (now() - current.since) / 1000;
      tally.cpu += cpu() - current.cpuSince;
      tallies.set(current.phase, tally);
    }
    current = null;
  };
  return {
    /** Starts `phase`, ending the one before. */
    enter(phase: Phase) {
      close();
      current = { phase, since: now(), cpuSince: cpu() };
    },
    /** Ends the phase in progress (an epoch ended). */
    close,
    /** Two lines: wall seconds, then CPU seconds, per phase in the order phases first ran, each with its total. */
    line(): string {
      close();
      const format = (field: keyof PhaseTally) => {
        const parts = [...tallies].map(([phase, tally]) => `${phase} ${tally[field].toFixed(1)}`);
        const total = [...tallies.values()].reduce((sum, tally) => sum + tally[field], 0);
        return `${parts.join(', ')} (total ${total.toFixed(1)})`;
      };
      return `seconds per phase: ${format('wall')}\nCPU seconds per phase: ${format('cpu')}`;
    },
  };
}
