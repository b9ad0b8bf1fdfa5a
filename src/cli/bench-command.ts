import { type Command, Option } from 'commander';
import { textTable } from '../util/text-table.ts';
import type { CommandOutput } from './command-output.ts';

export const BENCH_SUITES = ['speed', 'serve'] as const;
export type BenchSuite = (typeof BENCH_SUITES)[number];

export interface BenchOptions {
  suite?: BenchSuite;
  json?: boolean;
  quick?: boolean;
}

/**
 * `genenv bench`:
 * - `speed` (default): training and sampling speed of the default built-in model, orchestration throughput of the
 *   OpenAI-compatible agent against an instant local server (rollouts/s, in flight), and the training step beside
 *   PyTorch's eager CPU step on 1 and 2 threads (`torch.*`; one line saying how to install PyTorch where it is missing);
 * - `serve`: genenv serve on loopback (throughput, kill -9 and hostile-request checks).
 * Prints one JSON object with --json, else aligned lines or a table. The research diagnostics are in the lab
 * (`npm run lab`).
 */
export async function benchCommand(options: BenchOptions): Promise<string> {
  if (options.suite === 'serve') return serveSuite(options);
  const { runModelBenchmark } = await import('../measurement/model-bench.ts');
  const results: Record<string, number | string> = { ...(await runModelBenchmark({ quick: options.quick })) };
  const { runOrchestrationBenchmark } = await import('../measurement/orchestration-bench.ts');
  const orchestration = await runOrchestrationBenchmark(
    options.quick ? { requests: 4000, inFlight: 256 } : { requests: 20000, inFlight: 256 },
  );
  Object.assign(results, orchestration);
  const { runTorchComparison } = await import('../measurement/torch-comparison.ts');
  Object.assign(results, await runTorchComparison({ quick: options.quick }));
  if (options.json) return JSON.stringify(results);
  const width = Math.max(...Object.keys(results).map((key) => key.length));
  return Object.entries(results)
    .map(([key, value]) => `${key.padEnd(width)}  ${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join('\n');
}

/** `serve`: genenv serve on loopback (10⁶ pairs with 256 sessions, 10 kill -9, 10,000 hostile requests). */
async function serveSuite(options: { json?: boolean; quick?: boolean }): Promise<string> {
  const { runServeBenchmark } = await import('../measurement/serve-bench.ts');
  const results = await runServeBenchmark(
    options.quick
      ? { steps: 50_000, sessions: 256, kills: 3, hostile: 2_000 }
      : { steps: 1_000_000, sessions: 256, kills: 10, hostile: 10_000 },
  );
  if (options.json) return JSON.stringify({ suite: 'serve', ...results });
  return textTable(
    ['measure', 'value'],
    Object.entries(results).map(([key, value]) => [key, String(Number(value.toPrecision(4)))]),
  );
}

/** The options and action of `genenv bench`. */
export function configureBenchCommand(command: Command, output: CommandOutput): void {
  command
    .addOption(
      new Option(
        '--suite <name>',
        'speed: model and orchestration throughput, the training step beside PyTorch; serve: genenv serve throughput, kill -9 and hostile-request checks',
      )
        .choices([...BENCH_SUITES])
        .default('speed'),
    )
    .option('--json', 'print one JSON object')
    .option('--quick', 'shorter measurement')
    .action(async (options: BenchOptions) => {
      output.out(`${await benchCommand(options)}\n`);
    });
}
