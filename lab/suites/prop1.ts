/** `prop1`: Proposition 1 on the warm-started agent: GRPO update size against p̂(1 − p̂) per seed task type. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { runGradientSignalProbe } from '../probes/gradient-signal-probe.ts';
import { warmStartToolworldAgent } from '../probes/grpo-only.ts';
import { toolworldAgent } from '../toolworld-agent.ts';

export async function prop1Suite(options: DiagnosticOptions): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'genenv-prop1-'));
  try {
    const { base, warmStartVariations } = toolworldAgent({ inProcess: true });
    await warmStartToolworldAgent(base, warmStartVariations, 1, directory);
    const result = await runGradientSignalProbe({
      directory,
      tasks: options.quick ? 12 : 32,
      instances: 4,
      samples: 8,
      seed: 1,
    });
    return emit('prop1', result, options, () => {
      const describeFit = (name: string, value: (typeof result)['reinforce']) =>
        `${name}: slope ${fixed(value.slope, 2)}, ` +
        `ratio range [${fixed(value.ratioMin, 2)}, ${fixed(value.ratioMax, 2)}], ` +
        `correlation with p̂(1 − p̂) ${fixed(value.correlation, 2)}`;
      return {
        title: 'Proposition 1 on the warm-started agent: per seed task type, E‖g‖² (b = p̂) and GRPO step sizes',
        columns: ['task', 'p̂', 'p̂(1−p̂)', 'E‖g‖²', 'E[s|r=1]', 'E[s|r=0]', '‖Δ‖ grpo', '‖Δ‖ dr-grpo'],
        rows: result.tasks.map((task) => [
          `${task.task} (${task.family})`,
          fixed(task.successRate, 2),
          fixed(task.variance, 3),
          fixed(task.squaredGradient, 1),
          fixed(task.scoreNormSuccess, 1),
          fixed(task.scoreNormFailure, 1),
          fixed(task.updateNorm.grpo, 3),
          fixed(task.updateNorm['dr-grpo'], 3),
        ]),
        notes: [
          describeFit('E‖g‖² (REINFORCE, b = p̂)', result.reinforce),
          describeFit('‖Δ‖² grpo (std-normalised)', result.grpo),
          describeFit('‖Δ‖² dr-grpo (mean-centred)', result.drGrpo),
        ],
      };
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
