/**
 * `exploration`: how likely rollouts of the warm-started agent are to find the reference answers of the test-id
 * items it fails, at two warm-start strengths.
 */
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { runExplorationProbe } from '../probes/exploration-probe.ts';
import { toolworldAgent } from '../toolworld-agent.ts';

export async function explorationSuite(options: DiagnosticOptions): Promise<string> {
  const { base, warmStartVariations } = toolworldAgent({ inProcess: true });
  const seeds = Array.from({ length: options.seeds ?? 1 }, (_, index) => index + 1);
  const samples = 8;
  const rows: Awaited<ReturnType<typeof runExplorationProbe>> = [];
  for (const seed of seeds) {
    rows.push(
      ...(await runExplorationProbe({
        base,
        warmStartVariations: [warmStartVariations, 2 * warmStartVariations],
        seed,
        samples,
        heldOutItems: options.quick ? 50 : 200,
      })),
    );
  }
  return emit('exploration', { samples, rows }, options, () => {
    const quartiles = (value: [number, number, number] | null) =>
      value ? value.map((entry) => entry.toExponential(1)).join(' / ') : '–';
    return {
      title:
        'Can rollouts find the answers held-out accuracy needs? p(gold) = P(one rollout at T = 1 writes the ' +
        `reference), on test-id items the greedy agent solves and fails; groups of G = ${samples}`,
      columns: [
        'warm start',
        'seed',
        'greedy test-id',
        'solved: p(gold) q25/50/75',
        'solved: P(success in group)',
        'failed: p(gold) q25/50/75',
        'failed: P(success in group)',
      ],
      rows: rows.map((row) => [
        `${row.warmStartVariations} variations`,
        String(row.seed),
        fixed(row.greedyAccuracy, 3),
        quartiles(row.solved.quartiles),
        fixed(row.solved.groupHitRate, 3),
        quartiles(row.failed.quartiles),
        fixed(row.failed.groupHitRate, 3),
      ]),
      notes: [
        'Held-out accuracy rises when greedy-failed items turn into successes; GRPO sees a positive example of ' +
          'such an item only when its group holds a success (the last column).',
      ],
    };
  });
}
