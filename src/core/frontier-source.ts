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
import type { Domain, Knob, Proposal, RunConfig, SimulatorContext, TaskSource } from '../interfaces/index.ts';
import { deriveSeed, Random } from '../util/random.ts';
import type { RunContext } from './run-context.ts';
import { knobProposals, proposeFrom } from './task-source.ts';
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
): { contexts: SimulatorContext[]; proposals: Proposal[]; rejected: RejectedProposal[] } {
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
    contexts: [...contexts],
    proposals: built.proposals.map((proposal, position) => ({ ...proposal, contextId: contexts[position]!.id })),
    rejected: built.rejected,
  };
}

/** Draws of `specFromKnobs` per cell whose distinct specs a cell's context offers the simulator as its choices. */
export const CELL_DRAWS = 64;

/**
 * The distinct specs of one knob cell, from CELL_DRAWS draws of the domain's `specFromKnobs` (seeded from `seed`), in
 * the order found; [] when the domain cannot build the cell. Pure.
 */
export function cellChoices(domain: Domain, cell: Record<string, string | number>, seed: number): unknown[] {
  const found = new Map<string, unknown>();
  for (let draw = 0; draw < CELL_DRAWS; draw++) {
    const built = domain.specFromKnobs(cell, deriveSeed(seed, draw));
    if (built.ok) found.set(domain.formatSpec(built.value), built.value);
  }
  return [...found.values()];
}

/**
 * The frontier sampler's task types of an epoch (`frontierProposals`), written by the domain or, with `frontierWriter:
 * 'simulator'` in the variants where the simulator proposes beside the sampler, by the simulator: the cells are drawn
 * as the domain's draws would be, and each context then names its cell's knob values and offers the cell's specs
 * (`cellChoices`) as its choices, which the built-in simulator's decoding is limited to (a proposal outside them is
 * rejected at validation with its reason). Its proposals answer those contexts, so RWR learns a spec per cell.
 */
export async function frontierTaskTypes(
  run: RunContext,
  epoch: number,
  contexts: readonly SimulatorContext[],
  alongside: readonly TaskType[] = [],
): Promise<{ contexts: SimulatorContext[]; proposals: Proposal[]; rejected: RejectedProposal[] }> {
  const drawn = frontierProposals(run, epoch, contexts, alongside);
  if (run.config.frontierWriter === 'domain' || run.plan.frontier !== 'share') return drawn;
  const { domain } = run;
  const cellContexts = drawn.proposals.map((proposal, position): SimulatorContext => {
    const context = contexts.find((candidate) => candidate.id === proposal.contextId)!;
    const cell = proposal.sample as Record<string, string | number>;
    const choices = cellChoices(domain, cell, deriveSeed(run.streams.frontier(epoch), 'cell', position));
    return { ...context, id: `${context.id}:cell`, cell, choices };
  });
  const proposals = await proposeFrom(
    run.simulator,
    cellContexts,
    deriveSeed(run.streams.propose(epoch), 'cells'),
    run.config.simulatorTemperature,
  );
  return { contexts: cellContexts, proposals, rejected: drawn.rejected };
}
