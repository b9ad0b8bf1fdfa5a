/** `warm-start`: held-out accuracy of the toolworld agent after SFT as each warm-start change is added. */
import { textTable } from '../../src/internal.ts';
import type { DiagnosticOptions } from '../diagnostic-output.ts';
import { runWarmStartAblation } from '../probes/warm-start-ablation.ts';
import { presetWarmStartSteps, toolworldAgent } from '../toolworld-agent.ts';

export async function warmStartSuite(options: DiagnosticOptions): Promise<string> {
  // Every variant takes the preset's warm-start steps; --quick halves them.
  const steps = presetWarmStartSteps();
  const rows = await runWarmStartAblation({
    base: toolworldAgent().base,
    steps: options.quick ? Math.round(steps / 2) : steps,
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
