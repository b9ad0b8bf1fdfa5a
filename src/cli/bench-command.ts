import {
  explorationSuite,
  grpoStepSuite,
  parametricSteeringSuite,
  prop1Suite,
  thm1Suite,
} from './bench-diagnostics.ts';
import { type DiagnosticOptions, textTable } from './diagnostic-output.ts';
import { curriculumSuite, signalSuite, transferSuite } from './run-pair-diagnostics.ts';
import { PRESETS } from './presets.ts';

export const BENCH_SUITES = [
  'speed',
  'warm-start',
  'grpo-step',
  'grpo-lr',
  'serve',
  'prop1',
  'thm1',
  'curriculum',
  'parametric-steering',
  'exploration',
  'signal',
  'transfer',
] as const;
export type BenchSuite = (typeof BENCH_SUITES)[number];

/**
 * `genenv bench`:
 * - `speed` (default): training and sampling speed of the default built-in model, and orchestration
 *   throughput of the OpenAI-compatible agent against an instant local server (rollouts/s, in flight);
 * - `warm-start`: held-out accuracy of the toolworld agent after SFT as each warm-start change is added;
 * - `grpo-lr`: the effect of one GRPO update on the warm-started agent at several learning rates;
 * - the link diagnostics `grpo-step` (GRPO alone: test-id against updates), `prop1`, `thm1`, `curriculum`,
 *   `parametric-steering`, `exploration`, `signal`, `transfer`
 *   (bench-diagnostics.ts, run-pair-diagnostics.ts), which also write DIR/<suite>.json given --out DIR.
 * Prints one JSON object with --json, else aligned lines or a table.
 */
export async function benchCommand(options: DiagnosticOptions & { suite?: BenchSuite }): Promise<string> {
  if (options.suite === 'warm-start') return warmStartSuite(options);
  if (options.suite === 'grpo-lr') return grpoLearningRateSuite(options);
  if (options.suite === 'serve') return serveSuite(options);
  if (options.suite === 'grpo-step') return grpoStepSuite(options);
  if (options.suite === 'prop1') return prop1Suite(options);
  if (options.suite === 'thm1') return thm1Suite(options);
  if (options.suite === 'curriculum') return curriculumSuite(options);
  if (options.suite === 'parametric-steering') return parametricSteeringSuite(options);
  if (options.suite === 'exploration') return explorationSuite(options);
  if (options.suite === 'signal') return signalSuite(options);
  if (options.suite === 'transfer') return transferSuite(options);
  const { runModelBenchmark } = await import('../experiments/model-bench.ts');
  const results: Record<string, number | string> = { ...(await runModelBenchmark({ quick: options.quick })) };
  const { runOrchestrationBenchmark } = await import('../experiments/orchestration-bench.ts');
  const orchestration = await runOrchestrationBenchmark(
    options.quick ? { requests: 4000, inFlight: 256 } : { requests: 20000, inFlight: 256 },
  );
  Object.assign(results, orchestration);
  if (options.json) return JSON.stringify(results);
  const width = Math.max(...Object.keys(results).map((key) => key.length));
  return Object.entries(results)
    .map(([key, value]) => `${key.padEnd(width)}  ${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join('\n');
}

/** The toolworld preset's agent options and warm-start variations (what the default run uses). */
function toolworldAgent(): { base: Record<string, unknown>; warmStartVariations: number } {
  const preset = PRESETS.toolworld!;
  return { base: { ...(preset.agent?.options ?? {}) }, warmStartVariations: preset.warmStartVariations ?? 10 };
}

async function warmStartSuite(options: { json?: boolean; quick?: boolean }): Promise<string> {
  const { runWarmStartAblation } = await import('../experiments/warm-start-ablation.ts');
  // The preset's warm start is 1,250 steps of 8 sequences; --quick halves it.
  const rows = await runWarmStartAblation({
    base: toolworldAgent().base,
    steps: options.quick ? 625 : 1250,
    heldOutLimit: 100,
    seed: 1,
  });
  if (options.json) return JSON.stringify({ suite: 'warm-start', rows });
  return textTable(
    ['variant', 'steps', 'seconds', 'last loss', 'test-id', 'test-hard'],
    rows.map((row) => [
      row.variant,
      String(row.steps),
      row.seconds.toFixed(1),
      row.lastLoss.toFixed(3),
      row.testId.toFixed(2),
      row.testHard.toFixed(2),
    ]),
  );
}

async function grpoLearningRateSuite(options: { json?: boolean; quick?: boolean }): Promise<string> {
  const { runGrpoStepProbe } = await import('../experiments/grpo-lr-probe.ts');
  const { base, warmStartVariations } = toolworldAgent();
  const rows = await runGrpoStepProbe({
    base,
    warmStartVariations,
    seed: 1,
    prompts: 64,
    samples: 8,
    heldOutItems: 100,
    learningRates: options.quick ? [2e-4, 1e-3] : [2e-4, 5e-4, 1e-3, 3e-3],
    variants: [
      { name: 'grpo', options: { guidance: 'none', negativeSamples: 'train' } },
      { name: 'guided', options: { guidance: 'failed-groups', negativeSamples: 'train' } },
      { name: 'guided, no negatives', options: { guidance: 'failed-groups', negativeSamples: 'skip' } },
    ],
  });
  if (options.json) return JSON.stringify({ suite: 'grpo-lr', rows });
  return textTable(
    [
      'update',
      'learning rate',
      'steps',
      'success before',
      'success after',
      'Δ log π (A > 0)',
      'Δ log π (A < 0)',
      'test-id before',
      'test-id after',
    ],
    rows.map((row) => [
      row.variant,
      String(row.learningRate),
      String(row.steps),
      row.successBefore.toFixed(3),
      row.successAfter.toFixed(3),
      row.positiveShift.toFixed(3),
      row.negativeShift.toFixed(3),
      row.testIdBefore.toFixed(2),
      row.testIdAfter.toFixed(2),
    ]),
  );
}

/** `serve`: genenv serve on loopback (10⁶ pairs with 256 sessions, 10 kill -9, 10,000 hostile requests). */
async function serveSuite(options: { json?: boolean; quick?: boolean }): Promise<string> {
  const { runServeBenchmark } = await import('../experiments/serve-bench.ts');
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
