/**
 * `clauses-world [--seeds n] [--world-seed W] [--quick]`: the properties of the clauses world (a world with no knobs)
 * that a comparison on it needs, each against the threshold written in lab/notebook/clauses-world.md before it was
 * measured, from the warm starts of run seeds 1..n (default 1) of the `clauses` preset (or --preset).
 */
import { taskTypeCount } from '../../src/internal.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { probeClausesWorld, type WorldProbe } from '../clauses/world-probe.ts';
import { meanOf } from '../clauses/world-properties.ts';

/** Widths whose uniform grammar draws are measured. */
const WIDTHS = [1, 2, 3, 4];

/** A property, its threshold in words, what was measured, and whether it holds. */
interface Property {
  name: string;
  threshold: string;
  measured: string;
  met: boolean;
}

const list = (values: readonly (number | null)[], digits = 2) => values.map((value) => fixed(value, digits)).join(', ');

/** The properties over every probed warm start (each must hold on each). */
export function clausesProperties(probes: readonly WorldProbe[]): Property[] {
  const count = taskTypeCount(6);
  const at = (width: number) => probes.map((probe) => probe.widths.find((row) => row.width === width)!);
  const band = WIDTHS.map((width) => meanOf(at(width).map((row) => row.inBand)));
  const wasted = at(1).map((row) => row.outOfReach + row.trivial);
  const beyond = probes.map((probe) => (probe.composition.repeatability ?? 0) - (probe.composition.countsShare ?? 0));
  const lifts = probes.map((probe) => probe.steppingStones.afterFrontier[1] - probe.steppingStones.before[1]);
  return [
    {
      name: 'task types',
      threshold: '≥ 10⁶ distinct valid task types at width 1 (computed)',
      measured: `${count.toLocaleString('en-US')} at width 1; ${WIDTHS.slice(1)
        .map((width) => `width ${width} ${taskTypeCount(6 * width).toExponential(1)}`)
        .join(', ')}`,
      met: count >= 1e6,
    },
    {
      name: 'a rare frontier',
      threshold:
        'uniform grammar draws at the warm start in the band (|p̂ − α| ≤ k_min) ≤ 0.12 at width 1, no more at wider ' +
        'widths (+0.02); out of reach (p̂ ≤ 0.1) or trivial (p̂ ≥ 0.9) ≥ 0.5 at width 1',
      measured:
        `in the band ${WIDTHS.map((width, index) => `width ${width} ${fixed(band[index], 3)}`).join(', ')} (per seed at ` +
        `width 1: ${list(
          at(1).map((row) => row.inBand),
          3,
        )}); out of reach or trivial at width 1 ${list(wasted)}`,
      met:
        at(1).every((row) => row.inBand <= 0.12) &&
        band.every((share, index) => index === 0 || share <= band[0]! + 0.02) &&
        wasted.every((share) => share >= 0.5),
    },
    {
      name: 'the composition decides',
      threshold:
        'two measurements of the same task types correlate ≥ 0.8; the part counts explain at least 0.2 less of p̂ ' +
        '(adjusted η²); the same clauses reordered correlate at least 0.1 less',
      measured:
        `repeatability ${list(probes.map((probe) => probe.composition.repeatability))}; part counts ` +
        `${list(probes.map((probe) => probe.composition.countsShare))} (length alone ` +
        `${list(probes.map((probe) => probe.composition.lengthShare))}); beyond the counts ${list(beyond)}; ` +
        `reordered ${list(probes.map((probe) => probe.composition.reorderCorrelation))}`,
      met: probes.every(
        (probe, index) =>
          (probe.composition.repeatability ?? 0) >= 0.8 &&
          beyond[index]! >= 0.2 &&
          (probe.composition.reorderCorrelation ?? 1) <= (probe.composition.repeatability ?? 0) - 0.1,
      ),
    },
    {
      name: 'held-out placement',
      threshold:
        "test-hard's shortest composition longer than the warm start's competence edge (the longest length solved " +
        'at least half the time); warm-start test-hard in [0.05, 0.5] and test-id ≥ 0.8',
      measured: probes
        .map(
          (probe) =>
            `seed ${probe.seed}: edge ${probe.edge}, test-hard ${probe.hardClauses.join('–')} clauses; test-id ` +
            `${fixed(probe.warmStart.heldOut['test-id'])}, test-hard ${fixed(probe.warmStart.heldOut['test-hard'])}`,
        )
        .join('; '),
      met: probes.every((probe) => {
        const hard = probe.warmStart.heldOut['test-hard'] ?? 0;
        return (
          probe.hardClauses[0] > probe.edge &&
          hard >= 0.05 &&
          hard <= 0.5 &&
          (probe.warmStart.heldOut['test-id'] ?? 0) >= 0.8
        );
      }),
    },
    {
      name: 'stepping stones',
      threshold:
        'GRPO on frontier task types only (warm p̂ within 0.25 of α) lifts task types it never trained on that the ' +
        'warm start solves at most 1/8 of the time by ≥ 0.1',
      measured: probes
        .map(
          (probe, index) =>
            `seed ${probe.seed}: harder ${fixed(probe.steppingStones.before[1])} → ` +
            `${fixed(probe.steppingStones.afterFrontier[1])} (+${fixed(lifts[index])}; the same GRPO on the other uniform draws ` +
            `→ ${fixed(probe.steppingStones.afterUniform[1])}); frontier ${fixed(probe.steppingStones.before[0])} → ` +
            `${fixed(probe.steppingStones.afterFrontier[0])}`,
        )
        .join('; '),
      met: lifts.every((lift) => lift >= 0.1),
    },
  ];
}

export async function clausesWorldSuite(options: DiagnosticOptions): Promise<string> {
  const quick = options.quick === true;
  const preset = options.preset ?? 'clauses';
  const probes: WorldProbe[] = [];
  for (let seed = 1; seed <= (options.seeds ?? 1); seed++)
    probes.push(
      await probeClausesWorld({
        preset,
        seed,
        ...(options.worldSeed === undefined ? {} : { worldSeed: options.worldSeed }),
        widths: WIDTHS,
        draws: quick ? 48 : 256,
        compositions: quick ? 48 : 400,
        pool: quick ? 96 : 600,
        updates: quick ? 4 : 30,
      }),
    );
  const properties = clausesProperties(probes);
  const [first] = probes;
  return emit('clauses-world', { preset, properties, probes }, options, () => ({
    title:
      `The ${preset} world's properties from ${probes.length} warm start${probes.length > 1 ? 's' : ''} ` +
      `(world seed ${first?.worldSeed}; p̂ from ${first?.attempts.variations} × ${first?.attempts.samples} attempts)`,
    columns: ['property', 'threshold', 'measured', 'met'],
    rows: properties.map((property) => [
      property.name,
      property.threshold,
      property.measured,
      property.met ? 'yes' : 'no',
    ]),
    notes: probes.flatMap((probe) => [
      `seed ${probe.seed}: success by length at the warm start ${probe.byLength
        .map((entry) => `${entry.length}:${fixed(entry.successRate, 2)}`)
        .join(' ')}; warm-start validation ${fixed(probe.warmStart.validationAccuracy)}`,
      `seed ${probe.seed}: uniform grammar draws ${probe.widths
        .map(
          (row) =>
            `width ${row.width} in band ${fixed(row.inBand)}, p̂ ≤ 0.1 ${fixed(row.outOfReach, 2)} (never ${fixed(row.never, 2)}), ` +
            `p̂ ≥ 0.9 ${fixed(row.trivial, 2)} (always ${fixed(row.always, 2)})`,
        )
        .join('; ')}`,
      `seed ${probe.seed}: stepping stones on ${probe.steppingStones.frontier} frontier and ${probe.steppingStones.harder} ` +
        `harder task types of ${probe.composition.taskTypes} measured; variance of p̂ ${fixed(probe.composition.variance)}`,
    ]),
  }));
}
