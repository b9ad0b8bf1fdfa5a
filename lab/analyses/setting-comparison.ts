/**
 * Settings of one world measured against its baselines, paired by run seed (issue 61 item 2: each mechanism alone, then
 * the best combination, against the preset as it is and the frozen simulator): per setting the final test-hard and
 * test-id, the share of task types in the band averaged over the epochs after the third, the share of the simulator's
 * own proposals that were valid, and the run's wall time, each a mean with its 95% interval over seeds; and per
 * baseline the paired differences over the seeds both ran. Pure.
 */
import { type Estimate, estimate } from './paired-claim.ts';

/** One run's figures. */
export interface SettingRun {
  seed: number;
  testHard: number;
  testId: number;
  /** Share of the epoch's task types in the band, averaged over the epochs after the third. */
  inBand: number;
  /** Valid share of the proposals the simulator wrote itself, in [0, 1]; NaN when it wrote none. */
  validShare: number;
  wallSeconds: number;
}

export interface SettingFigures {
  setting: string;
  seeds: number[];
  testHard: Estimate;
  testId: Estimate;
  inBand: Estimate;
  /** The lowest valid share over its runs (the target is a floor per run). */
  lowestValidShare: number;
  wallSeconds: Estimate;
  /** Per baseline present: the paired differences (setting − baseline) over the seeds both ran. */
  against: {
    baseline: string;
    seeds: number;
    testHard: Estimate;
    testId: Estimate;
    inBand: Estimate;
    wallSeconds: Estimate;
  }[];
}

/** The setting's runs paired with a baseline's by seed: the differences of `pick`. */
function pairedDifference(
  runs: readonly SettingRun[],
  baseline: readonly SettingRun[],
  pick: (run: SettingRun) => number,
): { seeds: number; difference: Estimate } {
  const differences = runs.flatMap((run) => {
    const partner = baseline.find((other) => other.seed === run.seed);
    return partner ? [pick(run) - pick(partner)] : [];
  });
  return { seeds: differences.length, difference: estimate(differences) };
}

/**
 * Every setting's figures, and its pairs with each of `baselines` that ran (a baseline only with those listed before
 * it). Settings in name order, baselines first.
 */
export function settingFigures(
  settings: ReadonlyMap<string, readonly SettingRun[]>,
  baselines: readonly string[],
): SettingFigures[] {
  const rank = (name: string) => (baselines.includes(name) ? baselines.indexOf(name) : baselines.length);
  const names = [...settings.keys()].sort((left, right) => {
    return rank(left) - rank(right) || (left < right ? -1 : left > right ? 1 : 0);
  });
  return names.map((setting) => {
    const runs = [...settings.get(setting)!].sort((left, right) => left.seed - right.seed);
    return {
      setting,
      seeds: runs.map((run) => run.seed),
      testHard: estimate(runs.map((run) => run.testHard)),
      testId: estimate(runs.map((run) => run.testId)),
      inBand: estimate(runs.map((run) => run.inBand)),
      lowestValidShare: Math.min(...runs.map((run) => run.validShare).filter((share) => !Number.isNaN(share))),
      wallSeconds: estimate(runs.map((run) => run.wallSeconds)),
      against: baselines
        .filter((baseline) => baselines.indexOf(baseline) < rank(setting) && settings.has(baseline))
        .map((baseline) => {
          const other = settings.get(baseline)!;
          const hard = pairedDifference(runs, other, (run) => run.testHard);
          return {
            baseline,
            seeds: hard.seeds,
            testHard: hard.difference,
            testId: pairedDifference(runs, other, (run) => run.testId).difference,
            inBand: pairedDifference(runs, other, (run) => run.inBand).difference,
            wallSeconds: pairedDifference(runs, other, (run) => run.wallSeconds).difference,
          };
        })
        .filter((pair) => pair.seeds > 0),
    };
  });
}
