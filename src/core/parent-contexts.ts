/**
 * Frontier parents for the simulator's contexts: a share of the contexts it answers carry, in place of a seed task, a
 * task type of the last epochs drawn by its α-reward — one the agent solved about α of the time — so the simulator
 * writes a child of a frontier task type (an edit, as ACCEL edits levels; a replay, as PLR replays them) instead of a
 * variation of a seed from the bottom rungs. Its RWR then learns a mapping from a parent to a child near α, which
 * moves with the frontier, rather than one distribution of specs that has to be relearnt each time the frontier
 * moves. Works the same for any simulator that reads its context's seed (the built-in one, an in-context LLM).
 */
import { scoreDifficulty } from '../curriculum/index.ts';
import type { ProposalRecord, SeedTask, SimulatorContext, TaskSource } from '../interfaces/index.ts';
import { Random, stableId } from '../util/random.ts';
import { evidenceAim } from './evidence-aim.ts';
import type { RunContext } from './run-context.ts';

/** Generated task types that can be parents: the simulator's own and every curriculum draw. */
const PARENT_SOURCES: readonly TaskSource[] = ['simulator', 'frontier', 'uniform', 'dynamic'];

/** A candidate parent: one distinct spec of the recent epochs, with its latest p̂. */
export interface ParentCandidate {
  spec: unknown;
  family: string;
  /** p̂ of the spec at its latest epoch, in [0, 1]. */
  successRate: number;
}

/**
 * The distinct specs of `records` (valid, assessed), each with the p̂ of its latest appearance; records are read
 * oldest first, so a later epoch's p̂ replaces an earlier one. Pure.
 */
export function parentCandidates(records: readonly ProposalRecord[]): ParentCandidate[] {
  const bySpec = new Map<string, ParentCandidate>();
  for (const record of records) {
    if (!record.valid || record.spec === null || record.successRate === null || record.family === null) continue;
    const key = JSON.stringify(record.spec);
    bySpec.delete(key);
    bySpec.set(key, { spec: record.spec, family: record.family, successRate: record.successRate });
  }
  return [...bySpec.values()];
}

/**
 * Each candidate's probability of being drawn as a parent, ∝ exp(−β(p̂ − α)²), summing to 1 (uniform when every
 * priority underflows; [] for no candidates). Pure.
 */
export function parentProbabilities(
  candidates: readonly Pick<ParentCandidate, 'successRate'>[],
  alpha: number,
  beta: number,
): number[] {
  const priorities = candidates.map((candidate) =>
    scoreDifficulty('alpha-gaussian', candidate.successRate, { alpha, beta }),
  );
  const total = priorities.reduce((sum, priority) => sum + priority, 0);
  return priorities.map((priority) => (total > 0 ? priority / total : 1 / candidates.length));
}

/**
 * The distinct generated task types of the `window` epochs before `epoch` (`parentCandidates`), read from the store, so
 * a resumed run reads the same.
 */
export function recentCandidates(run: RunContext, epoch: number, window: number): ParentCandidate[] {
  const records: ProposalRecord[] = [];
  for (let past = Math.max(0, epoch - window); past < epoch; past++)
    for (const source of PARENT_SOURCES) records.push(...run.store.proposals(past, source));
  return parentCandidates(records);
}

/** How many of `count` contexts carry a parent: round(share × count), 0 when there is no candidate. */
export const parentCount = (count: number, share: number, candidates: number): number =>
  candidates === 0 ? 0 : Math.round(share * count);

/**
 * `contexts` with the first `contextParentShare` of them given a frontier parent for seed (epochs ≥ 1), drawn with
 * `parentProbabilities` over the distinct generated specs of the last `contextParentWindow` epochs, read from the
 * store (so a resumed run draws the same). A parent keeps its family; its context gets an id of its own.
 */
export function withFrontierParents(
  run: RunContext,
  epoch: number,
  contexts: readonly SimulatorContext[],
): SimulatorContext[] {
  const { config } = run;
  if (epoch === 0 || config.contextParentShare === 0) return [...contexts];
  const candidates = recentCandidates(run, epoch, config.contextParentWindow);
  const count = parentCount(contexts.length, config.contextParentShare, candidates.length);
  return withParents(run, contexts, candidates, count, run.streams.parentContexts(epoch), evidenceAim(run, epoch));
}

/**
 * `contexts` with the first `count` of them given a parent drawn with `parentProbabilities` around `aim` (α, or where
 * `evidenceAim` puts it) over `candidates` from the stream `seed`. A parent keeps its family; its context gets an id of
 * its own.
 */
export function withParents(
  run: RunContext,
  contexts: readonly SimulatorContext[],
  candidates: readonly ParentCandidate[],
  count: number,
  seed: number,
  aim: number,
): SimulatorContext[] {
  if (count === 0 || candidates.length === 0) return [...contexts];
  const probabilities = parentProbabilities(candidates, aim, run.config.beta);
  const random = new Random(seed);
  return contexts.map((context, index) => {
    if (index >= count) return context;
    const parent = candidates[drawIndex(probabilities, random.next())]!;
    const seed: SeedTask = { id: `parent-${stableId(parent.spec)}`, family: parent.family, spec: parent.spec };
    return { ...context, id: stableId(['parent-context', context.id, seed.id]), seed };
  });
}

/** The index `uniform` in [0, 1) falls on in the cumulative `probabilities`. */
function drawIndex(probabilities: readonly number[], uniform: number): number {
  let cumulative = 0;
  for (let index = 0; index < probabilities.length; index++) {
    cumulative += probabilities[index]!;
    if (uniform < cumulative) return index;
  }
  return probabilities.length - 1;
}
