import cliProgress from 'cli-progress';
import type { EpochMetrics, EventSink } from '../interfaces/index.ts';
import { formatDuration, remainingSeconds } from './run-clock.ts';
import { phaseClock } from './phase-clock.ts';

const format = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '–' : value.toFixed(digits);

/** One line per epoch, for logs and for terminals alike. */
export function epochLine(metrics: EpochMetrics): string {
  const heldOut = Object.entries(metrics.heldOutAccuracy)
    .map(([name, value]) => `${name} ${format(value)}`)
    .join(' ');
  return (
    `epoch ${metrics.epoch}: success ${format(metrics.successRate)} in-band ` +
    `${format(metrics.inBandFraction)} R_env ${format(metrics.envReward)} invalid ${metrics.invalidProposals} | ` +
    // An epoch that `evaluateEvery` skips has no held-out figures.
    `held-out ${heldOut || '–'}`
  );
}

/**
 * Progress on stderr: a bar over epochs on a terminal, plain lines otherwise (and always one line per
 * finished epoch, so logs keep the curve). Both show the time since this process started the run and the
 * estimated time to its last epoch. Quiet mode prints nothing.
 */
export function progressReporter(options: { quiet: boolean; label: string }): { sink: EventSink; stop: () => void } {
  const reporter = lineReporter(options);
  if (process.env.GENENV_PHASE_SECONDS !== '1') return reporter;
  // Profiling: seconds per phase on stderr at the end of the run, quiet or not.
  const clock = phaseClock();
  const sink: EventSink = (event) => {
    if (event.type === 'phase') clock.enter(event.phase);
    if (event.type === 'epoch-end') clock.close();
    if (event.type === 'run-end') process.stderr.write(`${clock.line()}\n`);
    reporter.sink(event);
  };
  return { sink, stop: reporter.stop };
}

function lineReporter(options: { quiet: boolean; label: string }): { sink: EventSink; stop: () => void } {
  if (options.quiet) return { sink: () => {}, stop: () => {} };
  const interactive = Boolean(process.stderr.isTTY);
  const bars = interactive
    ? new cliProgress.MultiBar(
        {
          stream: process.stderr,
          format: `${options.label} [{bar}] {value}/{total} epochs | {runTime} elapsed, ETA {timeLeft} | {phase}`,
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let bar: cliProgress.SingleBar | null = null;
  const startedAt = performance.now();
  const epochEnds: number[] = [];
  // Epochs still to run: the last epoch's number less the last finished one's (epoch 0 counts as one).
  let remaining = 0;
  // Not `eta`/`duration`: cli-progress fills those tokens itself, in raw seconds.
  const clock = () => ({
    runTime: formatDuration((performance.now() - startedAt) / 1000),
    timeLeft: formatDuration(remainingSeconds(epochEnds, remaining)),
  });
  const stop = () => {
    bars?.stop();
    bar = null;
  };
  const sink: EventSink = (event) => {
    switch (event.type) {
      case 'run-start':
        remaining = event.epochs - event.startEpoch + 1;
        if (bars) bar = bars.create(event.epochs + 1, event.startEpoch, { phase: 'starting', ...clock() });
        else process.stderr.write(`${options.label}: epochs ${event.startEpoch}..${event.epochs}\n`);
        break;
      case 'phase':
        bar?.update({ phase: `epoch ${event.epoch}: ${event.phase}`, ...clock() });
        break;
      case 'epoch-end': {
        epochEnds.push(performance.now());
        remaining = Math.max(0, remaining - 1);
        const time = clock();
        const line = `${epochLine(event.metrics)} | ${time.runTime} elapsed, ETA ${time.timeLeft}`;
        if (bars && bar) {
          bars.log(`${line}\n`);
          bar.increment(1, time);
        } else {
          process.stderr.write(`${line}\n`);
        }
        break;
      }
      case 'run-end':
        stop();
        break;
      default:
        break;
    }
  };
  return { sink, stop };
}
