import {
  type AgentPolicy,
  type AgentPrompt,
  type Completion,
  type Domain,
  messageLine,
  type RolloutGroup,
  type RunConfig,
  type Score,
  type TraceRecord,
} from '../interfaces/index.ts';
import { playEpisodes } from './episodes.ts';
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

/**
 * An attempt's record from its score: it counts as a success for p̂ when the verifier says so and its reward
 * reaches `successThreshold` (in [0, 1]).
 */
export function scoredAttempt(completion: Completion, score: Score, successThreshold: number): ScoredAttempt {
  return {
    completion,
    reward: score.reward,
    success: score.success && score.reward >= successThreshold,
    invalid: score.invalid ?? null,
  };
}

/** One scored attempt of a task instance. */
export interface ScoredAttempt {
  completion: Completion;
  /** The verifier's reward, in [0, 1]. */
  reward: number;
  /** Counts for p̂: the domain's success and reward ≥ the run's success threshold. */
  success: boolean;
  /** Why the attempt is unusable for training (it stays out of D_train), or null. */
  invalid: string | null;
}

/** An instance's prompt and its scored attempts in sample order: one GRPO group. */
export interface InstanceAttempts {
  prompt: AgentPrompt;
  attempts: readonly ScoredAttempt[];
}

export interface RolloutSettings {
  epoch: number;
  seed: number;
  agentVersion: string;
  config: Pick<RunConfig, 'samples' | 'temperature' | 'successThreshold'>;
}

/** The agent's G attempts at every instance of `taskTypes`, scored by the domain, grouped by task type. */
export async function attemptTaskTypes(
  agent: AgentPolicy,
  domain: Domain,
  taskTypes: readonly TaskType[],
  settings: RolloutSettings,
): Promise<AttemptedTaskType[]> {
  const instances = taskTypes.flatMap((taskType) => taskType.instances);
  const prompts = instances.map((instance) => domain.render(instance));
  const { samples, temperature, successThreshold } = settings.config;
  // Interactive domains play an episode per sample; the verifier's verdicts come with the trajectories.
  const episodes =
    domain.interactive && prompts.length
      ? await playEpisodes(agent, domain, instances, { samples, seed: settings.seed, temperature })
      : null;
  const completions = episodes
    ? episodes.map((group) => group.completions)
    : prompts.length
      ? await agent.act(prompts, { samples, seed: settings.seed, temperature })
      : [];
  const scored = instances.map((instance, position) => ({
    prompt: prompts[position]!,
    attempts: (completions[position] ?? []).map((completion, sample) =>
      scoredAttempt(
        completion,
        episodes?.[position]?.scores[sample] ?? safeScore(domain, instance, completion),
        successThreshold,
      ),
    ),
  }));
  return groupAttempts(taskTypes, scored, settings);
}

/**
 * Scored attempts grouped by task type: `instances` follows the task types' instances in order. Each task type
 * gets one GRPO group per instance and one trace per attempt, in (instance, sample) order; a task type without any
 * attempt (an agent that answered nothing) is dropped. Pure.
 */
export function groupAttempts(
  taskTypes: readonly TaskType[],
  instances: readonly InstanceAttempts[],
  stamp: { epoch: number; agentVersion: string },
): AttemptedTaskType[] {
  let position = 0;
  return taskTypes.flatMap((taskType) => {
    const groups: RolloutGroup[] = [];
    const traces: TraceRecord[] = [];
    let successes = 0;
    for (const instance of taskType.instances) {
      const { prompt, attempts } = instances[position++]!;
      attempts.forEach((scored, sample) => {
        successes += scored.success ? 1 : 0;
        traces.push({
          epoch: stamp.epoch,
          proposalId: taskType.id,
          instanceId: instance.id,
          sample,
          completion: scored.completion,
          reward: scored.reward,
          success: scored.success,
          invalid: scored.invalid,
          agentVersion: stamp.agentVersion,
          train: scored.invalid === null,
        });
      });
      groups.push({
        prompt,
        completions: attempts.map((scored) => scored.completion),
        rewards: attempts.map((scored) => scored.reward),
      });
    }
    return traces.length > 0 ? [{ ...taskType, groups, traces, successes, attempts: traces.length }] : [];
  });
}
