/** `genenv data fetch <name|all>` and `genenv data list`: benchmark data in the data folder. */
import type { Command } from 'commander';
import { GenEnvError, messageLine } from '../interfaces/index.ts';
import { dataFolder, displayPath } from '../data/data-folder.ts';
import { dataStatus } from '../data/data-status.ts';
import { fetchBenchmark } from '../data/fetch-benchmark.ts';
import { fetchProgressReporter, filesText, sizeText } from '../data/fetch-progress.ts';
import type { BenchmarkManifest } from '../data/manifest.ts';
import { MANIFESTS, manifestOf } from '../data/manifests/index.ts';
import { resolve } from 'node:path';
import type { CommandOutput } from './command-output.ts';

export interface DataFetchOptions {
  mirror?: string;
  dir?: string;
  quiet?: boolean;
}

function folderOf(options: { dir?: string }): string {
  return options.dir ? resolve(options.dir) : dataFolder();
}

/** A mirror URL, checked: http or https. */
function mirrorUrl(mirror: string): string {
  let url: URL;
  try {
    url = new URL(mirror);
  } catch {
    throw new GenEnvError('usage', `--mirror: not a URL: ${mirror}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new GenEnvError('usage', `--mirror: expected an http or https URL, got ${mirror}`);
  return mirror;
}

/**
 * Fetches one benchmark's data, or all (each all or nothing); writes a line per benchmark fetched. When some fail,
 * the others are still fetched and the error lists every failure.
 */
export async function dataFetchCommand(
  name: string,
  options: DataFetchOptions,
  out: (text: string) => void,
): Promise<void> {
  const manifests: readonly BenchmarkManifest[] = name === 'all' ? MANIFESTS : [manifestOf(name)];
  const mirror = options.mirror === undefined ? undefined : mirrorUrl(options.mirror);
  const folder = folderOf(options);
  const reporter = fetchProgressReporter({ quiet: Boolean(options.quiet), source: mirror ?? 'upstream' });
  const failures: string[] = [];
  for (const manifest of manifests) {
    try {
      const result = await fetchBenchmark(manifest, { folder, mirror, onProgress: reporter.onProgress });
      const fetched =
        result.downloaded === 0
          ? 'all were present'
          : `${result.downloaded} downloaded, ${sizeText(result.bytes)}${mirror ? ` from ${mirror}` : ''}`;
      out(`${manifest.name}: ${filesText(result.files)} verified in ${displayPath(result.folder)} (${fetched})\n`);
    } catch (error) {
      if (!(error instanceof GenEnvError)) throw error;
      failures.push(messageLine(error));
    } finally {
      reporter.stop();
    }
  }
  if (failures.length > 0) throw new GenEnvError('benchmark', failures.join('; '));
}

/**
 * One line per benchmark: present, missing or corrupt, and where (`text`); `problem` is one line naming each
 * benchmark that is not present and the command that fixes it, or null when all are present.
 */
export async function dataListCommand(options: { dir?: string }): Promise<{ text: string; problem: string | null }> {
  const folder = folderOf(options);
  const lines = [`data folder: ${displayPath(folder)}`];
  const problems: string[] = [];
  const width = Math.max(...MANIFESTS.map((manifest) => manifest.name.length));
  for (const manifest of MANIFESTS) {
    const status = await dataStatus(manifest, folder);
    const detail =
      status.state === 'present'
        ? `${filesText(status.files)}, ${sizeText(status.bytes)}`
        : status.state === 'missing'
          ? `genenv data fetch ${manifest.name} gets it`
          : `${status.problems[0]}${status.problems.length > 1 ? ` and ${status.problems.length - 1} more` : ''}; ` +
            `genenv data fetch ${manifest.name} repairs it`;
    lines.push(`${manifest.name.padEnd(width)}  ${status.state.padEnd(7)}  ${displayPath(status.folder)} (${detail})`);
    if (status.state !== 'present')
      problems.push(
        `${manifest.name} is ${status.state} (genenv data fetch ${manifest.name} ${status.state === 'missing' ? 'gets' : 'repairs'} it)`,
      );
  }
  return { text: lines.join('\n'), problem: problems.length === 0 ? null : problems.join('; ') };
}

/** The subcommands of `genenv data`. */
export function configureDataCommand(data: Command, output: CommandOutput): void {
  const out = output.out;
  const names = MANIFESTS.map((manifest) => manifest.name).join(', ');
  const dirHelp = 'data folder (default $GENENV_DATA_DIR, else $XDG_CACHE_HOME/genenv/data, else ~/.cache/genenv/data)';
  data
    .command('fetch')
    .description("download a benchmark's data from upstream (pinned by commit) and verify each file's SHA-256")
    .argument('<name>', `${names}, or all`)
    .option('--mirror <url>', 'read the files from <url>/<name>/<path> instead (a copy laid out as the data folder)')
    .option('--dir <path>', dirHelp)
    .option('--quiet', 'no progress output')
    .action(async (name: string, options: DataFetchOptions) => {
      await dataFetchCommand(name, options, out);
    });
  data
    .command('list')
    .description('each benchmark: present, missing or corrupt, and where; exits 1 unless all are present')
    .option('--dir <path>', dirHelp)
    .action(async (options: { dir?: string }) => {
      const { text, problem } = await dataListCommand(options);
      out(`${text}\n`);
      if (problem !== null) throw new GenEnvError('benchmark', problem);
    });
}
