import {
  type AgentPolicy,
  type Completion,
  type Domain,
  messageLine,
  type RolloutGroup,
  type RunConfig,
  type Score,
  type TraceRecord,
} from '../interfaces/index.ts';
import type { AttemptedTaskType, TaskType } from './task-type.ts';

/** Scores one completion; a scorer that throws yields reward 0 with the reason, never a crash. */
export function safeScore(domain: Domain, instance: Parameters<Domain['score']>[0], completion: Completion): Score {
  try {
    const score = domain.score(instance, completion);
    const reward = Number.isFinite(score.reward) ? Math.min(1, Math.max(0, score.reward)) : 0;
    return { ...score, reward };
  } catch (error) {
    return { reward: 0, success: false, invalid: `scorer error: ${messageLine(error)}` };
  }
}

export interface RolloutSettings {
  epoch: number;
  seed: number;
  agentVersion: string;
  config: Pick<RunConfig, 'samples' | 'temperature' | 'successThreshold'>;
}

interface Attempts {
  groups: RolloutGroup[];
  traces: TraceRecord[];
  successes: number;
  attempts: number;
}

/**
 * Algorithm 1, step 3: the agent rolls out G samples per variation of every task type in one batched call.
 * Each group's rewards feed both GRPO and p̂ (no second rollout pass). Task types without any attempt
 * (an agent that answered nothing) are dropped.
 */
export async function attemptTaskTypes(
  agent: AgentPolicy,
  domain: Domain,
  taskTypes: readonly TaskType[],
  settings: RolloutSettings,
): Promise<AttemptedTaskType[]> {
  const instances = taskTypes.flatMap((taskType) => taskType.instances.map((instance) => ({ taskType, instance })));
  const prompts = instances.map(({ instance }) => domain.render(instance));
  const { samples, temperature } = settings.config;
  const completions = prompts.length ? await agent.act(prompts, { samples, seed: settings.seed, temperature }) : [];
  const byTaskType = new Map<TaskType, Attempts>();
  instances.forEach(({ taskType, instance }, position) => {
    const entry = byTaskType.get(taskType) ?? { groups: [], traces: [], successes: 0, attempts: 0 };
    byTaskType.set(taskType, entry);
    const answers = completions[position] ?? [];
    const rewards: number[] = [];
    answers.forEach((completion, sample) => {
      const score = safeScore(domain, instance, completion);
      const success = score.success && score.reward >= settings.config.successThreshold;
      rewards.push(score.reward);
      entry.successes += success ? 1 : 0;
      entry.attempts += 1;
      entry.traces.push({
        epoch: settings.epoch,
        proposalId: taskType.id,
        instanceId: instance.id,
        sample,
        completion,
        reward: score.reward,
        success,
        invalid: score.invalid ?? null,
        agentVersion: settings.agentVersion,
        train: score.invalid === undefined,
      });
    });
    entry.groups.push({ prompt: prompts[position]!, completions: answers, rewards });
  });
  return taskTypes.flatMap((taskType) => {
    const entry = byTaskType.get(taskType);
    return entry && entry.attempts > 0 ? [{ ...taskType, ...entry }] : [];
  });
}
