/**
 * GRPO sequences of a rollout group. A single response is one sequence (prompt ⧺ response). A played
 * episode (a completion with `turns`) gives one sequence per turn: the prompt the agent read at that
 * turn ⧺ the agent's own output, so that the loss covers the agent's tokens only, never the
 * environment's observations; every turn carries its episode's reward.
 */
import type { ScoredSequence } from '../../models/batching.ts';
import type { RolloutGroup } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';

export interface SequenceBuilders {
  /** Prompt token ids of a prompt (clipped to leave room for its response bound). */
  promptIds(prompt: Pick<AgentPrompt, 'text' | 'maxResponseTokens'>): number[];
  /** prompt ⧺ response, loss on the response. */
  sequenceOf(prompt: number[], completion: Completion): ScoredSequence;
}

/**
 * The sequences and rewards of one group, member by member (turns of an episode in order). Rewards that
 * are not finite count 0.
 */
export function groupSequences(
  group: RolloutGroup,
  builders: SequenceBuilders,
): { sequences: ScoredSequence[]; rewards: number[] } {
  const sequences: ScoredSequence[] = [];
  const rewards: number[] = [];
  let groupPrompt: number[] | undefined;
  group.completions.forEach((completion, index) => {
    const reward = Number.isFinite(group.rewards[index]) ? group.rewards[index]! : 0;
    if (completion.turns === undefined) {
      groupPrompt ??= builders.promptIds(group.prompt);
      sequences.push(builders.sequenceOf(groupPrompt, completion));
      rewards.push(reward);
      return;
    }
    for (const turn of completion.turns) {
      const prompt = builders.promptIds({ text: turn.prompt, maxResponseTokens: turn.maxResponseTokens });
      sequences.push(builders.sequenceOf(prompt, { ...turn.response, policyVersion: completion.policyVersion }));
      rewards.push(reward);
    }
  });
  return { sequences, rewards };
}
