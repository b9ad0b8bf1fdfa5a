/** `grpo-lr`: how far one GRPO update moves the warm-started toolworld agent, per learning rate. */
import { textTable } from '../../src/internal.ts';
import type { DiagnosticOptions } from '../diagnostic-output.ts';
import { runGrpoLearningRateProbe } from '../probes/grpo-lr-probe.ts';
import { toolworldAgent } from '../toolworld-agent.ts';

export async function grpoLearningRateSuite(options: DiagnosticOptions): Promise<string> {
  const { base, warmStartVariations } = toolworldAgent();
  const rows = await runGrpoLearningRateProbe({
    base,
    warmStartVariations,
    seed: 1,
    prompts: 64,
    samples: 8,
    heldOutItems: 100,
    learningRates: options.quick ? [2e-4, 1e-3] : [2e-4, 5e-4, 1e-3, 3e-3],
  });
  if (options.json) return JSON.stringify({ suite: 'grpo-lr', rows });
  return textTable(
    [
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
