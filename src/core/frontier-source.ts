import {
  type CellEvidence,
  type CellObservation,
  DEFAULT_KNOB_MODEL,
  fitKnobModel,
  knobModelSuccess,
  cellEvidence,
  cellKey,
  cellProbabilities,
  calibrationOffset,
  cellSuccessRate,
  drawCells,
  epochCalibrationTarget,
  type FrontierOptions,
} from '../curriculum/index.ts';
import { knobCells } from '../domains/knob-values.ts';
import type { Knob, Proposal, RunConfig, SimulatorContext, TaskSource } from '../interfaces/index.ts';
import { Random } from '../util/random.ts';
import type { RunContext } from './run-context.ts';
import { knobProposals } from './task-source.ts';
import type { RejectedProposal, TaskType } from './task-type.ts';

/** Generated task types whose outcomes tell the frontier sampler where the agent's competence edge is. */
const EVIDENCE_SOURCES: readonly TaskSource[] = ['simulator', 'frontier', 'uniform', 'static'];

/** The frontier sampler's settings from the run config (α and β are the curriculum's own). */
export const frontierOptions = (
  config: Pick<
    RunConfig,
    | 'alpha'
    | 'beta'
    | 'frontierDecay'
    | 'frontierPriorStrength'
    | 'frontierCalibrate'
    | 'frontierCalibrateScope'
    | 'frontierCalibrateGain'
    | 'frontierScorer'
  >,
): FrontierOptions => ({
  alpha: config.alpha,
  beta: config.beta,
  decay: config.frontierDecay,
  priorStrength: config.frontierPriorStrength,
  calibrate: config.frontierCalibrate,
  calibrateScope: config.frontierCalibrateScope,
  calibrateGain: config.frontierCalibrateGain,
  scorer: config.frontierScorer,
});

/**
 * Each cell's prior success from the knob model fitted to every cell's evidence (`fitKnobModel`): a cell is placed by
 * the cells that share its knob values, instead of at α for want of its own evidence.
 */
function knobModelPriors(
  knobs: readonly Knob[],
  cells: readonly Record<string, string | number>[],
  keys: readonly string[],
  evidence: ReadonlyMap<string, CellEvidence>,
  options: FrontierOptions,
): number[] {
  const valueCounts = knobs.map((knob) => knob.values.length);
  const indices = cells.map((cell) => knobs.map((knob) => knob.values.indexOf(cell[knob.name]!)));
  const parameters = fitKnobModel(
    keys.flatMap((key, index) => {
      const found = evidence.get(key);
      return found ? [{ values: indices[index]!, successes: found.successes, attempts: found.attempts }] : [];
    }),
    valueCounts,
    { alpha: options.alpha, ...DEFAULT_KNOB_MODEL },
  );
  return indices.map((values) => knobModelSuccess(parameters, valueCounts, values));
}

/**
 * Success on generated task types (the simulator's share and the draws) of epochs 1 … epoch − 1, oldest first, as each
 * epoch's committed metrics hold it (null where none were attempted). Epoch 0 is the warm-started simulator's alone,
 * before any draw: its success says nothing about the draws' bias.
 */
const pastEpochSuccess = (run: RunContext, epoch: number): (number | null)[] =>
  run.store
    .metrics()
    .filter((metrics) => metrics.epoch >= 1 && metrics.epoch < epoch)
    .map((metrics) => metrics.successRate);

/**
 * `count` task types of epoch `epoch` drawn by the frontier sampler: each knob cell's probability comes from the
 * agent's outcomes on generated task types of earlier epochs (read back from the store, so a resumed run draws
 * the same), and the domain builds a spec for each drawn cell. The i-th proposal answers `contexts[i]`, so the
 * simulator can learn from it by RWR as from its own proposals. `alongside` are the epoch's other generated task types
 * (the simulator's valid share): with `frontierCalibrateScope: 'epoch'` each counts at its cell's posterior success
 * (α when the domain cannot place it in a cell), and the draw is aimed so that the whole epoch averages α. With
 * `frontierCalibrateGain` > 0 the aim is α plus the integral correction of past epochs' success (`calibrationOffset`).
 */
export function frontierProposals(
  run: RunContext,
  epoch: number,
  contexts: readonly SimulatorContext[],
  alongside: readonly TaskType[] = [],
): { proposals: Proposal[]; rejected: RejectedProposal[] } {
  const count = contexts.length;
  const { domain, config } = run;
  const names = domain.knobs.map((knob) => knob.name);
  const cells = knobCells(domain.knobs);
  const cellOf = (spec: unknown) => {
    const values = domain.knobValuesOf?.(spec) ?? null;
    return values === null ? undefined : cellKey(values, names);
  };
  const observations: CellObservation[] = run.store.groupOutcomes(epoch, EVIDENCE_SOURCES).flatMap((group) => {
    const cell = cellOf(group.spec);
    return cell === undefined
      ? []
      : [{ cell, epoch: group.epoch, successes: group.successes, attempts: group.attempts }];
  });
  const options = frontierOptions(config);
  const evidence = cellEvidence(observations, epoch, options.decay);
  const keys = cells.map((cell) => cellKey(cell, names));
  const priorMeans =
    config.frontierPriorMean === 'knobs' ? knobModelPriors(domain.knobs, cells, keys, evidence, options) : undefined;
  const priorOf = new Map(keys.map((key, index) => [key, priorMeans?.[index] ?? options.alpha]));
  const aim =
    options.calibrate && options.calibrateGain > 0
      ? options.alpha + calibrationOffset(pastEpochSuccess(run, epoch), options.alpha, options.calibrateGain)
      : options.alpha;
  const target =
    options.calibrateScope === 'epoch'
      ? epochCalibrationTarget(
          aim,
          alongside.map((taskType) => {
            const cell = cellOf(taskType.spec);
            return cell === undefined ? options.alpha : cellSuccessRate(evidence.get(cell), options, priorOf.get(cell));
          }),
          count,
        )
      : aim;
  const probabilities = cellProbabilities(keys, evidence, options, target, priorMeans);
  const seed = run.streams.frontier(epoch);
  const drawn = drawCells(probabilities, count, new Random(seed).next());
  const built = knobProposals(
    domain,
    drawn.map((index) => cells[index]!),
    seed,
    'frontier',
  );
  return {
    proposals: built.proposals.map((proposal, position) => ({ ...proposal, contextId: contexts[position]!.id })),
    rejected: built.rejected,
  };
}
