/**
 * Runs one config both ways, seed by seed, each as its own processes of the real CLI: (a) `genenv run`, the
 * in-process loop; (b) `genenv serve --prefetch 0` (genenv run's schedule) with `genenv train --serve URL` beside
 * it, the built-in agent trained as an external trainer over the HTTP protocol. Reads back what each wrote.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GenEnvError } from '../../src/index.ts';
import type { ArmEpoch, ArmRun } from '../analyses/served-comparison.ts';

const CLI = fileURLToPath(new URL('../../bin/genenv.js', import.meta.url));

export interface ServedRunsInput {
  preset: string;
  /** Config fields over the preset, the same for both arms (written to DIR/config.json). */
  overrides: Record<string, unknown>;
  seeds: number[];
  /** Where every run, log and the config go (DIR/seed-S/{in-process,serve,train}). */
  directory: string;
  /** A line per finished run (progress). */
  log?: (line: string) => void;
}

export interface SeedRuns {
  seed: number;
  inProcess: ArmRun;
  served: ArmRun;
  /** Wall seconds of each arm. */
  seconds: { inProcess: number; served: number };
}

/** A CLI child process with its output going to `logPath` (stdout also kept, for the served URL). */
function startCli(args: string[], logPath: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logPath);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  });
  child.on('close', () => log.end());
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('close', (code) => resolve(code));
  });

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

async function runCli(args: string[], logPath: string, what: string): Promise<void> {
  const run = startCli(args, logPath);
  const code = await exited(run.child);
  if (code !== 0) throw new GenEnvError('internal', `${what} failed (${logPath}): ${lastLine(run.output())}`);
}

/** Waits for `genenv serve` to print its URL (it warm-starts the simulator first); fails if it exits instead. */
function servedUrl(run: ReturnType<typeof startCli>, logPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /listening on (http:\/\/\S+)/.exec(run.output());
      if (match) {
        run.child.stdout!.off('data', look);
        resolve(match[1]!);
      }
    };
    run.child.stdout!.on('data', look);
    run.child.once('close', () =>
      reject(
        new GenEnvError('internal', `genenv serve exited before listening (${logPath}): ${lastLine(run.output())}`),
      ),
    );
  });
}

const readLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

function armEpoch(line: Record<string, unknown>, heldOutAccuracy: unknown): ArmEpoch {
  return {
    epoch: Number(line.epoch),
    successRate: numberOrNull(line.successRate),
    inBandFraction: numberOrNull(line.inBandFraction),
    envReward: numberOrNull(line.envReward),
    heldOutAccuracy: (heldOutAccuracy ?? {}) as Record<string, number>,
  };
}

/** The in-process run's epochs, from its metrics.jsonl. */
export function readInProcess(seed: number, runDirectory: string): ArmRun {
  const lines = readLines(join(runDirectory, 'metrics.jsonl'));
  return { seed, epochs: lines.map((line) => armEpoch(line, line.heldOutAccuracy)) };
}

/** The served run's epochs: curriculum metrics from the service's metrics.jsonl, held-out from the trainer's. */
export function readServed(seed: number, serveDirectory: string, trainDirectory: string): ArmRun {
  const heldOut = new Map(readLines(join(trainDirectory, 'metrics.jsonl')).map((line) => [line.epoch, line]));
  const lines = readLines(join(serveDirectory, 'metrics.jsonl'));
  return { seed, epochs: lines.map((line) => armEpoch(line, heldOut.get(line.epoch)?.heldOutAccuracy)) };
}

/** The served arm of one seed: the service, then the trainer against it; the service stops once the trainer ends. */
async function servedArm(common: string[], directory: string): Promise<void> {
  const serveLog = join(directory, 'serve.log');
  // A session cap above any epoch's attempts: the trainer holds a whole epoch, as genenv run's rollout does.
  const serve = startCli(
    [
      'serve',
      ...common,
      '--out',
      join(directory, 'serve'),
      '--port',
      '0',
      '--prefetch',
      '0',
      '--max-sessions',
      '65536',
    ],
    serveLog,
  );
  try {
    const url = await servedUrl(serve, serveLog);
    await runCli(
      ['train', '--serve', url, ...common, '--out', join(directory, 'train'), '--quiet'],
      join(directory, 'train.log'),
      'genenv train',
    );
  } finally {
    // SIGTERM: the service flushes its log and writes its report.
    serve.child.kill('SIGTERM');
    await exited(serve.child);
  }
}

/** Both arms of every seed, one process at a time besides the served pair. */
export async function runServedArms(input: ServedRunsInput): Promise<SeedRuns[]> {
  mkdirSync(input.directory, { recursive: true });
  const configPath = join(input.directory, 'config.json');
  writeFileSync(configPath, `${JSON.stringify(input.overrides, null, 1)}\n`);
  const results: SeedRuns[] = [];
  for (const seed of input.seeds) {
    const directory = join(input.directory, `seed-${seed}`);
    mkdirSync(directory, { recursive: true });
    const common = ['--preset', input.preset, '--config', configPath, '--seed', String(seed)];
    let started = performance.now();
    const runDirectory = join(directory, 'in-process');
    await runCli(
      ['run', ...common, '--out', runDirectory, '--quiet', '--no-report'],
      join(directory, 'in-process.log'),
      'genenv run',
    );
    const inProcessSeconds = (performance.now() - started) / 1000;
    input.log?.(`seed ${seed}: genenv run done in ${inProcessSeconds.toFixed(0)} s`);
    started = performance.now();
    await servedArm(common, directory);
    const servedSeconds = (performance.now() - started) / 1000;
    input.log?.(`seed ${seed}: genenv serve + genenv train done in ${servedSeconds.toFixed(0)} s`);
    results.push({
      seed,
      inProcess: readInProcess(seed, runDirectory),
      served: readServed(seed, join(directory, 'serve'), join(directory, 'train')),
      seconds: { inProcess: inProcessSeconds, served: servedSeconds },
    });
  }
  return results;
}
