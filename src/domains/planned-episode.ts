/**
 * What the interactive domains with a proven reference plan (household, multihop) share: each turn's reference is
 * the plan's next action, and the first turn's prompt carries the whole plan, one action per line, which `score`
 * replays and the warm start splits into turns.
 */
import type { InteractiveDomain } from '../interfaces/interaction.ts';
import type { AgentPrompt, TaskInstance } from '../interfaces/task.ts';

/** The reference action after `turnsPlayed` turns: the plan's next one, or its last once the plan is played. */
export function nextPlannedAction(plan: readonly string[], turnsPlayed: number): string {
  return plan[Math.min(turnsPlayed, plan.length - 1)] ?? '';
}

/** The first turn's prompt of `instance`, its reference answer the whole plan, one action per line. */
export function renderPlannedEpisode<Payload>(
  interaction: InteractiveDomain<Payload>,
  instance: TaskInstance<Payload>,
  plan: readonly string[],
): AgentPrompt {
  const environment = interaction.reset(instance);
  const prompt = interaction.turnPrompt(instance, environment.observation, [], instance.id);
  return { ...prompt, reference: { ...prompt.reference, answer: plan.join('\n') } };
}
