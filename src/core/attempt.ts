import { screenEpoch } from './dynamic-sampling.ts';
import type { EpochRecord } from './epoch-record.ts';
import type { RunContext } from './run-context.ts';
import { attemptTaskTypes, groupAttempts, type InstanceAttempts, type RolloutSettings } from './task-type-attempts.ts';
import type { AttemptedTaskType, TaskType } from './task-type.ts';

/**
 * Algorithm 1, step 3: the agent rolls out G samples per variation of every task type of the epoch, the generated
 * ones and the replayed and base ones in one batched call each. Each group's rewards feed both GRPO and p̂ (no
 * second rollout pass).
 */
export async function attempt(run: RunContext, record: EpochRecord<TaskType>): Promise<EpochRecord<AttemptedTaskType>> {
  const { epoch, agentVersion } = record;
  run.emit({ type: 'phase', epoch, phase: 'attempt' });
  const settings = { epoch, agentVersion, config: run.config };
  if (record.source === 'dynamic') return attemptScreened(run, record, settings);
  const attemptGenerated = () =>
    attemptTaskTypes(run.agent, run.domain, record.generated, { ...settings, seed: run.streams.rollout(epoch) });
  const attemptReplayAndBase = async () =>
    record.replayAndBase.length
      ? await attemptTaskTypes(run.agent, run.domain, record.replayAndBase, {
          ...settings,
          seed: run.streams.replayRollout(epoch),
        })
      : [];
  // Each call draws from its own stream, so both can be in flight: the agent's sampling threads go on with the
  // second while this thread scores the first. Episodes of interactive domains are played one call at a time.
  const [generated, replayAndBase] = run.domain.interactive
    ? [await attemptGenerated(), await attemptReplayAndBase()]
    : await Promise.all([attemptGenerated(), attemptReplayAndBase()]);
  return { ...record, generated, replayAndBase, screenedOut: [] };
}

/**
 * The attempt phase of the dynamic variant: its task types are drawn, screened and attempted together
 * (`screenEpoch`), then the replayed and base task types are attempted as every variant's are.
 */
async function attemptScreened(
  run: RunContext,
  record: EpochRecord<TaskType>,
  settings: Omit<RolloutSettings, 'seed'>,
): Promise<EpochRecord<AttemptedTaskType>> {
  const screened = await screenEpoch(run, record.epoch, settings);
  const replayAndBase = record.replayAndBase.length
    ? await attemptTaskTypes(run.agent, run.domain, record.replayAndBase, {
        ...settings,
        seed: run.streams.replayRollout(record.epoch),
      })
    : [];
  return {
    ...record,
    extra: {
      ...record.extra,
      'pool/screened': screened.kept.length + screened.screenedOut.length,
      'pool/screenedOut': screened.screenedOut.length,
      'pool/rollouts': screened.rollouts,
    },
    generated: screened.kept,
    rejected: [...record.rejected, ...screened.rejected],
    replayAndBase,
    screenedOut: screened.screenedOut,
  };
}

/**
 * The attempt phase's result when the attempts were made elsewhere (a served trainer): `instances` holds the
 * scored attempts of every instance of the record's generated task types, then of its replayed and base ones, in order.
 */
export function recordAttempts(
  record: EpochRecord<TaskType>,
  instances: readonly InstanceAttempts[],
): EpochRecord<AttemptedTaskType> {
  const stamp = { epoch: record.epoch, agentVersion: record.agentVersion };
  const split = record.generated.reduce((sum, taskType) => sum + taskType.instances.length, 0);
  return {
    ...record,
    generated: groupAttempts(record.generated, instances.slice(0, split), stamp),
    replayAndBase: groupAttempts(record.replayAndBase, instances.slice(split), stamp),
    screenedOut: [],
  };
}
