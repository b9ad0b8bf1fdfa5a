/**
 * History conditioning: each of the simulator's contexts carries generated task types of the last epochs with the p̂
 * each produced, as Absolute Zero's proposer sees K past examples and OMNI-EPIC's generator its archive of successes
 * and failures. A context of seed and family statistics says nothing of which task types the agent solves; one with
 * outcomes lets the simulator write from them (a replay of one near α, an edit between one solved too often and one
 * too rarely), and its RWR, which trains on the same context text, learns that mapping from evidence to proposal
 * rather than one distribution of specs relearnt each time the agent moves. Read from the store, so a resumed run shows
 * the same.
 */
import { scoreDifficulty } from '../curriculum/index.ts';
import type { SeenTaskType, SimulatorContext } from '../interfaces/index.ts';
import { Random } from '../util/random.ts';
import { evidenceAim } from './evidence-aim.ts';
import { type ParentCandidate, recentCandidates } from './parent-contexts.ts';
import type { RunContext } from './run-context.ts';

/** Which recent task types a context shows (`contextHistoryDraw`). */
export type HistoryDraw = 'recent' | 'around-alpha';

const seen = (candidate: ParentCandidate): SeenTaskType => ({
  spec: candidate.spec,
  successRate: candidate.successRate,
});

/** The `count` most recent of `candidates` (read oldest first), oldest first. Pure. */
export function recentHistory(candidates: readonly ParentCandidate[], count: number): SeenTaskType[] {
  return candidates.slice(Math.max(0, candidates.length - count)).map(seen);
}

/**
 * `count` of `candidates` on both sides of α: ⌈count/2⌉ drawn among those with p̂ < α and the rest among those with
 * p̂ ≥ α, each side without replacement with probability ∝ exp(−β(p̂ − α)²) (uniform where every weight underflows),
 * a side short of candidates leaving its places to the other; shown from the hardest (lowest p̂) to the easiest.
 * Pure given `random`.
 */
export function aroundAlphaHistory(
  candidates: readonly ParentCandidate[],
  count: number,
  alpha: number,
  beta: number,
  random: Random,
): SeenTaskType[] {
  const below = candidates.filter((candidate) => candidate.successRate < alpha);
  const above = candidates.filter((candidate) => candidate.successRate >= alpha);
  const belowCount = Math.min(below.length, Math.max(Math.ceil(count / 2), count - above.length));
  const aboveCount = Math.min(above.length, count - belowCount);
  return [...drawNear(below, belowCount, alpha, beta, random), ...drawNear(above, aboveCount, alpha, beta, random)]
    .sort((left, right) => left.successRate - right.successRate)
    .map(seen);
}

/** `count` of `candidates` drawn without replacement ∝ their α-reward. */
function drawNear(
  candidates: readonly ParentCandidate[],
  count: number,
  alpha: number,
  beta: number,
  random: Random,
): ParentCandidate[] {
  const left = [...candidates];
  const weights = left.map((candidate) => scoreDifficulty('alpha-gaussian', candidate.successRate, { alpha, beta }));
  const drawn: ParentCandidate[] = [];
  while (drawn.length < count && left.length > 0) {
    const index = weights.some((weight) => weight > 0) ? random.categorical(weights) : random.int(0, left.length - 1);
    drawn.push(left[index]!);
    left.splice(index, 1);
    weights.splice(index, 1);
  }
  return drawn;
}

/**
 * `contexts` with their history (`contextHistory` task types of the last `contextHistoryWindow` epochs, drawn by
 * `contextHistoryDraw`, around α or where `evidenceAim` puts it) from epoch 1 on; unchanged when the option is 0 or no task type was assessed yet.
 */
export function withHistory(run: RunContext, epoch: number, contexts: readonly SimulatorContext[]): SimulatorContext[] {
  const { config } = run;
  if (epoch === 0 || config.contextHistory === 0) return [...contexts];
  const candidates = recentCandidates(run, epoch, config.contextHistoryWindow);
  if (candidates.length === 0) return [...contexts];
  if (config.contextHistoryDraw === 'recent') {
    const history = recentHistory(candidates, config.contextHistory);
    return contexts.map((context) => ({ ...context, history }));
  }
  const random = new Random(run.streams.contextHistory(epoch));
  const aim = evidenceAim(run, epoch);
  return contexts.map((context) => ({
    ...context,
    history: aroundAlphaHistory(candidates, config.contextHistory, aim, config.beta, random),
  }));
}
