/**
 * Progress of `genenv data fetch` on stderr: a bar per benchmark on a terminal, one line per benchmark otherwise,
 * nothing when quiet.
 */
import cliProgress from 'cli-progress';
import type { FetchProgress } from './fetch-benchmark.ts';

/** A size for people: kB under a megabyte, else MB, one decimal. */
export function sizeText(bytes: number): string {
  return bytes < 1_000_000 ? `${(bytes / 1_000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** `1 file`, `15 files`. */
export function filesText(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

export interface FetchProgressReporter {
  onProgress: (progress: FetchProgress) => void;
  /** Ends the current bar (call after each benchmark, failed or not). */
  stop: () => void;
}

export function fetchProgressReporter(options: { quiet: boolean; source: string }): FetchProgressReporter {
  if (options.quiet) return { onProgress: () => {}, stop: () => {} };
  const stream = process.stderr;
  let bar: cliProgress.SingleBar | null = null;
  let current = '';
  return {
    onProgress(progress) {
      if (progress.benchmark !== current) {
        current = progress.benchmark;
        const size = `${filesText(progress.filesTotal)}, ${sizeText(progress.bytesTotal)}`;
        if (!stream.isTTY) {
          stream.write(`${progress.benchmark}: downloading ${size} from ${options.source}\n`);
          return;
        }
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: `${progress.benchmark} [{bar}] {percentage}% | {files} | {file}`,
            clearOnComplete: true,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(progress.bytesTotal, 0, { files: `0/${progress.filesTotal} files`, file: '' });
      }
      bar?.update(progress.bytesDone, {
        files: `${progress.filesDone}/${progress.filesTotal} files`,
        file: progress.file,
      });
    },
    stop() {
      bar?.stop();
      bar = null;
      current = '';
    },
  };
}
