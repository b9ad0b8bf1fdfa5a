import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installedDataPath } from '../data/installed-data.ts';
import { GenEnvError } from '../interfaces/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { loadBenchmark } from '../composition/benchmarks.ts';
import type { CommandOutput } from './command-output.ts';
import { FailureRecorder } from './eval-failures.ts';
import { integerFlag, numberFlag, positiveIntegerFlag } from '../composition/flags.ts';
import { createEvaluationAgent } from '../composition/registry.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';

export interface EvalOptions {
  benchmark: string;
  policy: string;
  data?: string;
  mode?: string;
  limit?: number;
  out?: string;
  seed: number;
  json?: boolean;
  /** openai: policies only — max_tokens per completion, per-request timeout (s), requests in flight. */
  maxTokens?: number;
  timeout?: number;
  concurrency?: number;
}

/** The generation flags of `genenv eval` (openai: policies), as [flag, description, integer?]. */
export const EVAL_GENERATION_FLAGS = [
  ['--max-tokens <n>', 'openai: policies: max_tokens per completion (default: the server decides)', true],
  ['--timeout <seconds>', 'openai: policies: per-request timeout in seconds (default 120)', false],
  ['--concurrency <n>', 'openai: policies: requests in flight at most (default 64)', true],
] as const;

/** Policy options from the generation flags; an error for flags a non-openai policy cannot use. */
export function generationOptions(options: EvalOptions): Record<string, unknown> {
  const given = {
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.timeout !== undefined ? { timeoutSeconds: options.timeout } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  };
  if (Object.keys(given).length > 0 && !options.policy.startsWith('openai:'))
    throw new GenEnvError('usage', '--max-tokens, --timeout and --concurrency apply to openai: policies only');
  return given;
}

/**
 * `genenv eval`: runs a policy on a benchmark by its official rules, writes per-item results
 * (items.jsonl) and summary.json to the output folder, and prints the summary (JSON with --json).
 */
export async function evalCommand(options: EvalOptions): Promise<string> {
  const policyOptions = generationOptions(options);
  const benchmark = await loadBenchmark(options.benchmark);
  // The policy's options are checked before the data is looked for: a bad flag is reported as such.
  const created = await createEvaluationAgent({
    spec: options.policy,
    options: policyOptions,
    seed: options.seed,
  });
  const policy = new FailureRecorder(created);
  const bar =
    process.stderr.isTTY && !options.json
      ? new cliProgress.SingleBar(
          { stream: process.stderr, format: `${benchmark.name} [{bar}] {value}/{total}`, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        )
      : null;
  let started = false;
  try {
    const dataPath = options.data ?? (await installedDataPath(benchmark.name));
    if (!existsSync(dataPath)) throw new GenEnvError('benchmark', `no ${benchmark.name} data at ${dataPath}`);
    const report = await benchmark.run(policy, {
      dataPath,
      seed: options.seed,
      limit: options.limit,
      mode: options.mode,
      onProgress: (done, total) => {
        if (!bar) return;
        if (!started) {
          bar.start(total, done);
          started = true;
        } else {
          bar.update(done);
        }
      },
    });
    bar?.stop();
    const out = options.out ?? timestampedRunFolder(`eval-${benchmark.name}`);
    const items = policy.annotate(report.items);
    writeFileAtomic(join(out, 'items.jsonl'), `${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
    const summary = {
      benchmark: report.benchmark,
      policy: options.policy,
      data: dataPath,
      ...report.summary,
      ...(policy.count > 0 ? { failedGenerations: policy.count } : {}),
      table1: report.table1,
      notes: [...report.notes, ...policy.notes()],
      resultsDirectory: out,
    };
    writeFileAtomic(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (options.json) return JSON.stringify(summary);
    const evaluated = report.evaluated ?? `${items.length} items`;
    const lines = [`${benchmark.name} — policy ${options.policy} (${evaluated}; results in ${out})`];
    for (const [key, value] of Object.entries(report.summary))
      lines.push(`  ${key}: ${typeof value === 'number' ? Number(value.toFixed(4)) : value}`);
    lines.push(
      `  Table 1: ${Object.entries(report.table1)
        .map(([column, value]) => `${column} ${value.toFixed(1)}`)
        .join(', ')}`,
    );
    for (const note of summary.notes) lines.push(`  note: ${note}`);
    return lines.join('\n');
  } finally {
    bar?.stop();
    await policy.close();
  }
}

/** The options and action of `genenv eval`. */
export function configureEvalCommand(command: Command, output: CommandOutput): void {
  command
    .requiredOption('--benchmark <name>', 'api-bank, bfcl, bamboogle, travelplanner or alfworld')
    .requiredOption('--policy <spec>', 'builtin:<checkpoint dir>, openai:<base URL>#<model>, oracle or student')
    .option('--data <path>', 'benchmark data folder (default: <data folder>/<name>, filled by genenv data fetch)')
    .option('--mode <name>', 'benchmark-specific scoring mode')
    .option('--limit <n>', 'evaluate at most n items (bfcl: entries)', positiveIntegerFlag('--limit'))
    .option('--out <dir>', 'where per-item results and the summary are written')
    .option('--seed <n>', 'random seed', integerFlag('--seed'), 1)
    .option('--json', 'print the summary as JSON');
  for (const [flag, description, integer] of EVAL_GENERATION_FLAGS) {
    const name = flag.split(' ')[0]!;
    command.option(flag, description, integer ? integerFlag(name) : numberFlag(name));
  }
  command.action(async (options: EvalOptions) => {
    output.out(`${await evalCommand(options)}\n`);
  });
}
