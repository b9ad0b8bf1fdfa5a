/**
 * `ladder-pilot --runs A,B,C`: the properties a curriculum testbed needs, measured on pilot runs of one variant
 * (random: the frozen simulator) before any comparison, each against its threshold. Reads the runs (held-out
 * curves, learning signal, what explains p̂, where the proposals fell) and probes the first run's agent at its
 * warm start and its last checkpoint across the knob grid; walks the rungs for stepping stones from the warm start.
 */
import { GenEnvError, loadBuiltinAgent } from '../../src/index.ts';
import { confidenceInterval95, mean } from '../../src/internal.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { readPilotRun, slope } from '../ladder/pilot-runs.ts';
import {
  type CellSuccess,
  cellProfile,
  designedControllability,
  knobMeans,
  rungProfile,
} from '../ladder/rung-profile.ts';
import { competenceEdge, frontierGap, nonIncreasing } from '../ladder/ladder-properties.ts';
import { steppingStones } from '../ladder/stepping-stones.ts';

/** A property, its threshold in words, what was measured, and whether it holds. */
interface Property {
  name: string;
  threshold: string;
  measured: string;
  met: boolean;
}

export async function ladderPilotSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs || options.runs.length < 1)
    throw new GenEnvError('usage', 'ladder-pilot needs --runs A,B,… (pilot run directories of one variant)');
  const read = await Promise.all(options.runs.map((directory) => readPilotRun(directory)));
  const { domain } = read[0]!;
  const runs = read.map((entry) => entry.run);
  const first = runs[0]!;
  const { temperature, samples, variations } = first.config;
  const quick = options.quick === true;

  // The first run's agent across the knob grid, after the warm start and at its last checkpoint.
  const profileOf = async (directory: string) => {
    const agent = await loadBuiltinAgent(directory);
    try {
      const cells = await cellProfile(agent, domain, { instances: quick ? 8 : 16, samples, temperature, seed: 7 });
      const designed = await designedControllability(agent, domain, {
        typesPerCell: quick ? 2 : 3,
        variations,
        samples,
        temperature,
        seed: 11,
      });
      return { cells, rungs: rungProfile(cells), designed };
    } finally {
      await agent.close?.();
    }
  };
  const warm = await profileOf(first.firstAgent);
  const last = await profileOf(first.lastAgent);

  const rungsOf = (set: string) =>
    domain
      .heldOutSets()
      .find((entry) => entry.name === set)!
      .instances.map((instance) => Math.round(instance.features.difficulty ?? 0));
  const seedRungs = domain.seeds().map((seed) => Math.round(domain.features(seed.spec).difficulty ?? 0));
  const hardRungs = rungsOf('test-hard');
  const idRungs = rungsOf('test-id');
  const edge = competenceEdge(warm.rungs);
  const hardTop = Math.max(...hardRungs);
  const stones = await steppingStones(first.firstAgent, domain, {
    fromRung: Math.max(...seedRungs),
    toRung: hardTop - 1,
    maxUpdates: quick ? 10 : 60,
    prompts: 32,
    samples,
    temperature,
    measureInstances: quick ? 8 : 16,
    seed: 13,
  });

  const finalHard = runs.map((run) => run.heldOut.at(-1)!.accuracy['test-hard'] ?? 0);
  const wasteShares = runs.map((run) => run.signal.filter((epoch) => epoch.share <= 0.25).length / run.signal.length);
  const slopes = runs.map((run) => {
    const curve = run.heldOut.map((epoch) => mean(Object.values(epoch.accuracy)) ?? 0);
    return slope(curve.slice(Math.floor(curve.length / 2)));
  });
  const [slopeLow, slopeHigh] = slopes.length > 1 ? confidenceInterval95(slopes) : [slopes[0]!, slopes[0]!];
  const knobFalls = (cells: readonly CellSuccess[]) =>
    domain.knobs.map((knob) => ({
      knob: knob.name,
      means: knobMeans(domain, cells, knob.name).map((entry) => entry.successRate),
    }));
  const warmKnobs = knobFalls(warm.cells);
  const rungTotals = new Map<number, number>();
  for (const run of runs)
    for (const [rung, count] of run.rungCounts) rungTotals.set(rung, (rungTotals.get(rung) ?? 0) + count);
  const proposals = [...rungTotals.values()].reduce((sum, count) => sum + count, 0);
  const maxRung = Math.max(...warm.rungs.map((rung) => rung.rung));
  const distribution = Array.from(
    { length: maxRung + 1 },
    (_, rung) => (rungTotals.get(rung) ?? 0) / Math.max(1, proposals),
  );

  const properties: Property[] = [
    {
      name: 'controllability',
      threshold: 'spec explains ≥ 0.5 of p̂ across task types (adjusted η²); p̂ falls with each knob',
      measured:
        `designed η² ${fixed(warm.designed.share, 2)} (warm start), ${fixed(last.designed.share, 2)} (last); ` +
        `over the runs' own task types ${runs.map((run) => fixed(run.specShare, 2)).join(', ')}; ` +
        warmKnobs.map((knob) => `${knob.knob} ${knob.means.map((value) => fixed(value, 2)).join('→')}`).join('; '),
      met:
        (warm.designed.share ?? 0) >= 0.5 &&
        (last.designed.share ?? 0) >= 0.5 &&
        warmKnobs.every((knob) => nonIncreasing(knob.means, 0.03)),
    },
    {
      name: 'ladder',
      threshold: '≥ 6 rungs from the warm start’s competence to test-hard; adjacent rungs ≤ 0.3 apart at the frontier',
      measured:
        `competence edge rung ${edge}, test-hard up to rung ${hardTop} (${hardTop - edge} rungs); largest frontier ` +
        `gap ${fixed(frontierGap(warm.rungs), 2)} (warm start), ${fixed(frontierGap(last.rungs), 2)} (last)`,
      met: hardTop - edge >= 6 && frontierGap(warm.rungs) <= 0.3 && frontierGap(last.rungs) <= 0.3,
    },
    {
      name: 'waste',
      threshold: 'under the frozen simulator ≤ ¼ of GRPO groups carry signal in most epochs',
      measured: `epochs with ≤ 0.25 of groups with signal: ${wasteShares.map((share) => fixed(share, 2)).join(', ')}`,
      met: wasteShares.every((share) => share > 0.5),
    },
    {
      name: 'stepping stones',
      threshold: 'after training on rung k only (until it is solved at ½, at most 60 updates), rung k + 1 at p ≥ 0.1',
      measured: stones.map((stone) => `${stone.rung}→${fixed(stone.nextSuccess, 2)}`).join(', '),
      met: stones.length > 0 && stones.every((stone) => stone.nextSuccess >= 0.1),
    },
    {
      name: 'held-out placement',
      threshold: 'test-id on the seed rungs; test-hard above the warm start’s competence, random ends in [0.05, 0.6]',
      measured:
        `test-id rungs ${Math.min(...idRungs)}–${Math.max(...idRungs)} (seeds ${Math.min(...seedRungs)}–` +
        `${Math.max(...seedRungs)}); test-hard rungs ${Math.min(...hardRungs)}–${hardTop} (edge ${edge}); final ` +
        `test-hard ${finalHard.map((value) => fixed(value, 3)).join(', ')}`,
      met:
        Math.max(...idRungs) <= Math.max(...seedRungs) &&
        Math.min(...hardRungs) > edge &&
        finalHard.every((value) => value >= 0.05 && value <= 0.6),
    },
    {
      name: 'budget',
      threshold: 'the held-out curve has not levelled off by the last epoch (slope over the second half > 0)',
      measured: `slope per epoch ${slopes.map((value) => fixed(value, 4)).join(', ')}; mean ${fixed(mean(slopes), 4)} [${fixed(slopeLow, 4)}, ${fixed(slopeHigh, 4)}]`,
      met: (mean(slopes) ?? 0) > 0,
    },
  ];
  const result = {
    runs: options.runs,
    properties,
    warmStart: { cells: warm.cells, rungs: warm.rungs, designed: warm.designed },
    last: { cells: last.cells, rungs: last.rungs, designed: last.designed },
    steppingStones: stones,
    rungDistribution: distribution,
    meanRung: runs.map((run) => run.meanRung),
    signal: runs.map((run) => run.signal),
  };
  return emit('ladder-pilot', result, options, () => ({
    title: `Ladder properties from ${runs.length} pilot runs of ${first.config.variant} (${domain.name})`,
    columns: ['property', 'threshold', 'measured', 'met'],
    rows: properties.map((property) => [
      property.name,
      property.threshold,
      property.measured,
      property.met ? 'yes' : 'no',
    ]),
    notes: [
      `success per rung, warm start: ${warm.rungs.map((rung) => `${rung.rung}:${fixed(rung.successRate, 2)}`).join(' ')}`,
      `success per rung, last checkpoint: ${last.rungs.map((rung) => `${rung.rung}:${fixed(rung.successRate, 2)}`).join(' ')}`,
      `the simulator's proposals per rung (epochs ≥ 1, ${proposals} in all): ${distribution.map((share, rung) => `${rung}:${fixed(share, 3)}`).join(' ')}`,
      `stepping stones (rung trained: its success → the next rung's): ${stones.map((stone) => `${stone.rung}: ${fixed(stone.trainedSuccess, 2)} after ${stone.updates} updates → ${fixed(stone.nextSuccess, 2)}`).join('; ')}`,
    ],
  }));
}
