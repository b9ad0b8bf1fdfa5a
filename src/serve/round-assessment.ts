import type { AttemptedTaskType } from '../core/task-type.ts';
import type { Domain, RolloutGroup, TraceRecord } from '../interfaces/index.ts';
import type { Round } from './round.ts';

/**
 * A complete round as the loop's attempted task types (Algorithm 1, step 3 with the trainer as the agent):
 * one GRPO group per instance from the logged attempts, traces in (instance, sample) order so the stored
 * run does not depend on the order in which clients answered. Task types without any attempt are dropped,
 * as in the in-process rollout.
 */
export function attemptedTaskTypes(round: Round, domain: Domain, agentVersion: string): AttemptedTaskType[] {
  const perTaskType = round.taskTypes.map(() => ({
    groups: [] as RolloutGroup[],
    traces: [] as TraceRecord[],
    successes: 0,
    attempts: 0,
  }));
  round.instances.forEach(({ taskTypeIndex, instance }, instanceIndex) => {
    const entry = perTaskType[taskTypeIndex]!;
    const taskType = round.taskTypes[taskTypeIndex]!;
    const outcomes = round.groupOutcomes(instanceIndex);
    outcomes.forEach((outcome, sample) => {
      entry.successes += outcome.success ? 1 : 0;
      entry.attempts += 1;
      entry.traces.push({
        epoch: round.epoch,
        proposalId: taskType.id,
        instanceId: instance.id,
        sample,
        completion: outcome.completion,
        reward: outcome.reward,
        success: outcome.success,
        invalid: outcome.invalid,
        agentVersion,
        train: outcome.invalid === null,
      });
    });
    entry.groups.push({
      prompt: round.prompt(domain, instanceIndex),
      completions: outcomes.map((outcome) => outcome.completion),
      rewards: outcomes.map((outcome) => outcome.reward),
    });
  });
  return round.taskTypes.flatMap((taskType, index) => {
    const entry = perTaskType[index]!;
    return entry.attempts === 0 ? [] : [{ ...taskType, ...entry }];
  });
}
