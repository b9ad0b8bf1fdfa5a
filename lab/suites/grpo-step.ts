/**
 * `grpo-step`: GRPO alone from the warm start (no simulator, no SFT after it), greedy test-id against updates,
 * seeds 1..n, with the gain and its 95% interval.
 */
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { summarizeCurves } from '../probes/curve-summary.ts';
import { type GrpoOnlyCurve, runGrpoOnly } from '../probes/grpo-only.ts';
import { toolworldAgent } from '../toolworld-agent.ts';

/**
 * The GRPO-only schedule of `grpo-step`: fresh seed instances for every update, the preset's agent and update
 * options. 128 updates of 64 prompts × 8 rollouts are about the rollouts of a default run (65,536).
 */
export const GRPO_STEP_SCHEDULE = { updates: 128, quickUpdates: 32, prompts: 64, samples: 8, evaluateEvery: 16 };

export async function grpoStepSuite(options: DiagnosticOptions): Promise<string> {
  const { base, warmStartVariations } = toolworldAgent({ inProcess: true });
  const schedule = GRPO_STEP_SCHEDULE;
  const seeds = Array.from({ length: options.seeds ?? 3 }, (_, index) => index + 1);
  const curves: GrpoOnlyCurve[] = [];
  for (const seed of seeds) {
    curves.push(
      ...(await runGrpoOnly({
        base,
        warmStartVariations,
        seed,
        variants: [{ name: 'grpo', options: {} }],
        updates: options.quick ? schedule.quickUpdates : schedule.updates,
        prompts: schedule.prompts,
        samples: schedule.samples,
        temperature: 1,
        evaluateEvery: options.quick ? schedule.quickUpdates / 4 : schedule.evaluateEvery,
        heldOutItems: 200,
      })),
    );
  }
  const summary = summarizeCurves(curves);
  return emit('grpo-step', { schedule, curves, summary }, options, () => {
    const updates = curves[0]!.points.map((point) => point.update);
    // Optimiser steps taken by each point, summed along the curve (GRPO skips sequences without signal).
    const stepsAt = (curve: GrpoOnlyCurve) => {
      let total = 0;
      return curve.points.map((point) => (total += point.steps));
    };
    const rows = curves.flatMap((curve) => [
      [
        `seed ${curve.seed} test-id`,
        ...curve.points.map((point) => fixed(point.testId, 3)),
        fixed(curve.points.at(-1)!.seconds, 0),
      ],
      [`seed ${curve.seed} steps`, ...stepsAt(curve).map(String), ''],
    ]);
    return {
      title:
        `GRPO alone from the warm start (the toolworld preset's agent, no SFT, no rehearsal; ` +
        `${schedule.prompts} fresh seed prompts × ${schedule.samples} rollouts per update): greedy test-id after n updates`,
      columns: ['', ...updates.map((update) => `n=${update}`), 'seconds'],
      rows,
      notes: [
        `gain ${fixed(summary.meanGain * 100, 1)} points, 95% interval [${fixed(summary.interval[0] * 100, 1)}, ` +
          `${fixed(summary.interval[1] * 100, 1)}] over seeds ${summary.seeds.join(', ')}; deepest drop below the ` +
          `start ${fixed(summary.deepestDrop * 100, 1)} points`,
      ],
    };
  });
}
