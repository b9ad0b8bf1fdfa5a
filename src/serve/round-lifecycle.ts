import { assessTaskTypes } from '../core/assess.ts';
import { commitEpoch } from '../core/epoch.ts';
import { type GeneratedEpoch, generate } from '../core/generate.ts';
import type { RunContext } from '../core/run-context.ts';
import { updateSimulator } from '../core/update.ts';
import { countsAsSynthetic } from '../core/variants.ts';
import { attemptedTaskTypes } from './round-assessment.ts';
import { Round } from './round.ts';

/** The trainer is the agent: its traces carry this version label. */
export const EXTERNAL_AGENT = 'external';

/** An opened round: what the generate phase produced, laid out as attempts. */
export interface OpenRound {
  round: Round;
  tasks: GeneratedEpoch;
}

/**
 * Opens an epoch with the loop's own generate phase (Algorithm 1, steps 1–2): contexts, the simulator's
 * proposals, validation and n variations each, plus the base-data task types of the run's baseFraction.
 * Each instance is attempted G times by the trainer.
 */
export async function openRound(run: RunContext, epoch: number): Promise<OpenRound> {
  const tasks = await generate(run, epoch);
  return { round: new Round(epoch, [...tasks.generated, ...tasks.base], run.config.samples), tasks };
}

/**
 * Closes a complete round with the loop's own steps 4 and 6–8: the assess step (p̂ → R_env → band → RWR
 * weight) of the generated task types, the simulator update (from epoch 1, where the variant trains it),
 * a checkpoint, and one atomic epoch commit with metrics.jsonl and summary.json re-rendered. Returns the
 * cumulative synthetic-sample count.
 */
export async function closeRound(
  run: RunContext,
  open: OpenRound,
  previousSynthetic: number,
  wallSeconds: number,
  extra: Record<string, number>,
): Promise<number> {
  const { round, tasks } = open;
  const epoch = round.epoch;
  const attempted = attemptedTaskTypes(round, run.domain, EXTERNAL_AGENT);
  const generatedIds = new Set(tasks.generated.map((taskType) => taskType.id));
  const generated = assessTaskTypes(
    attempted.filter((taskType) => generatedIds.has(taskType.id)),
    run.config,
    true,
  );
  const extras = assessTaskTypes(
    attempted.filter((taskType) => !generatedIds.has(taskType.id)),
    run.config,
    false,
  );
  let synthetic = previousSynthetic;
  const stats = { ...extra };
  if (epoch > 0) {
    if (countsAsSynthetic(tasks.source))
      synthetic += generated.reduce((sum, taskType) => sum + taskType.instances.length, 0);
    if (run.plan.updatesSimulator) Object.assign(stats, await updateSimulator(run, epoch, generated));
  }
  const state = {
    epoch,
    agentVersion: EXTERNAL_AGENT,
    tasks,
    generated,
    extras,
    extra: stats,
    syntheticSamples: synthetic,
  };
  await commitEpoch(run, state, {}, () => wallSeconds);
  return synthetic;
}
