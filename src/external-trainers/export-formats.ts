/**
 * Row builders for the datasets LLM trainers read. Pure functions: records in, JSON rows out.
 *
 * - D_train (agent rollouts) → GRPO prompt sets with reward metadata (the trainer samples its own
 *   completions and scores them with the ground truth):
 *   TRL GRPOTrainer: `prompt` (conversational) + extra columns, which TRL passes to reward functions as kwargs;
 *   verl: `{data_source, prompt: [messages], ability, reward_model: {style: 'rule', ground_truth}, extra_info}`;
 *   OpenRLHF: `--input_key input --label_key label --apply_chat_template` (label reaches the reward function).
 * - D_env (simulator generations) and agent demonstrations (warm start) → (weighted) SFT sets:
 *   TRL SFTTrainer conversational prompt/completion; verl multi-turn SFT `messages`; OpenRLHF SFT
 *   `--input_key input --output_key output --apply_chat_template`. Each row carries `weight`.
 * Nested values whose shape varies between rows (tool schemas, tool calls) are JSON strings, so
 * Arrow/parquet column types stay fixed.
 */
import type { ChatMessage } from '../interfaces/chat.ts';
import type { AgentDemonstration, RolloutGroup, SimulatorRecord } from '../interfaces/policy.ts';

export type TrainerFormat = 'trl' | 'verl' | 'openrlhf';
export const TRAINER_FORMATS: readonly TrainerFormat[] = ['trl', 'verl', 'openrlhf'];

/** A chat message as trainers' chat templates expect it (role, content; tool-call fields as OpenAI writes them). */
export interface WireMessage {
  role: string;
  content: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export function wireMessages(messages: readonly ChatMessage[]): WireMessage[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content,
    ...(message.toolCalls && message.toolCalls.length > 0
      ? {
          tool_calls: message.toolCalls.map((call, index) => ({
            id: call.id ?? `call_${index}`,
            type: 'function' as const,
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }
      : {}),
    ...(message.toolCallId ? { tool_call_id: message.toolCallId } : {}),
  }));
}

/** The reward metadata of one rollout group, shared by all formats. */
export interface GroupMetadata {
  taskId: string;
  family: string;
  groundTruth: string;
  referenceToolCallsJson: string;
  toolsJson: string;
  observedRewards: number[];
  meanReward: number;
  policyVersions: string[];
}

export function groupMetadata(group: RolloutGroup): GroupMetadata {
  const rewards = group.rewards;
  return {
    taskId: group.prompt.id,
    family: group.prompt.family,
    groundTruth: group.prompt.reference.answer,
    referenceToolCallsJson: JSON.stringify(group.prompt.reference.toolCalls ?? []),
    toolsJson: JSON.stringify(group.prompt.tools ?? []),
    observedRewards: rewards.slice(),
    meanReward: rewards.length === 0 ? 0 : rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length,
    policyVersions: [...new Set(group.completions.map((completion) => completion.policyVersion))].sort(),
  };
}

/** One GRPO prompt row of D_train in `format`; `index` is the row's position (verl's extra_info.index). */
export function grpoRow(group: RolloutGroup, format: TrainerFormat, index: number): Record<string, unknown> {
  const meta = groupMetadata(group);
  const prompt = wireMessages(group.prompt.messages);
  switch (format) {
    case 'trl':
      return {
        prompt,
        ground_truth: meta.groundTruth,
        reference_tool_calls: meta.referenceToolCallsJson,
        tools: meta.toolsJson,
        family: meta.family,
        task_id: meta.taskId,
        observed_rewards: meta.observedRewards,
        mean_reward: meta.meanReward,
        policy_versions: meta.policyVersions,
      };
    case 'verl':
      return {
        data_source: `genenv/${meta.family}`,
        prompt,
        ability: meta.family,
        reward_model: { style: 'rule', ground_truth: meta.groundTruth },
        extra_info: {
          split: 'train',
          index,
          task_id: meta.taskId,
          reference_tool_calls: meta.referenceToolCallsJson,
          tools: meta.toolsJson,
          observed_rewards: meta.observedRewards,
          mean_reward: meta.meanReward,
          policy_versions: meta.policyVersions,
        },
      };
    case 'openrlhf':
      return {
        input: prompt,
        // OpenRLHF hands `label` (a string) to the reward function: the answer and gold calls together.
        label: JSON.stringify({
          answer: meta.groundTruth,
          tool_calls: JSON.parse(meta.referenceToolCallsJson) as unknown,
        }),
        datasource: `genenv/${meta.family}`,
        task_id: meta.taskId,
        mean_reward: meta.meanReward,
      };
  }
}

/**
 * One weighted SFT example in `format`: `prompt` messages, the assistant `target`, a weight and flat metadata columns.
 */
export function sftExampleRow(
  prompt: readonly ChatMessage[],
  target: string,
  weight: number,
  metadata: Record<string, unknown>,
  format: TrainerFormat,
): Record<string, unknown> {
  const promptMessages = wireMessages(prompt);
  const answer: WireMessage = { role: 'assistant', content: target };
  switch (format) {
    case 'trl':
      return { prompt: promptMessages, completion: [answer], weight, ...metadata };
    case 'verl':
      return { messages: [...promptMessages, answer], weight, extra_info: { split: 'train', ...metadata } };
    case 'openrlhf':
      return { input: promptMessages, output: [answer], weight, ...metadata };
  }
}

/** One weighted SFT row of D_env: `prompt` is what the simulator saw, `target` what it should write. */
export function sftRow(
  record: SimulatorRecord,
  prompt: readonly ChatMessage[],
  format: TrainerFormat,
): Record<string, unknown> {
  const metadata = {
    success_rate: record.successRate,
    env_reward: record.envReward,
    family: record.context.seed.family,
    proposal_id: record.proposal.id,
    policy_version: record.proposal.policyVersion,
  };
  return sftExampleRow(prompt, record.target, record.weight, metadata, format);
}

/** One SFT row of an agent demonstration (warm start), weight 1. */
export function demonstrationRow(demonstration: AgentDemonstration, format: TrainerFormat): Record<string, unknown> {
  return sftExampleRow(
    demonstration.prompt.messages,
    demonstration.target,
    1,
    { family: demonstration.prompt.family, task_id: demonstration.prompt.id },
    format,
  );
}

/**
 * How many copies of each row to write so that plain (unweighted) SFT sees rows in proportion to their
 * weight: expected copies = weight / mean weight, rounded stochastically with `uniforms` (one draw in
 * [0, 1) per row). Weights ≥ 0; an all-zero batch gives zeros.
 */
export function resampleCounts(weights: readonly number[], uniforms: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
  if (!(mean > 0)) return weights.map(() => 0);
  return weights.map((weight, index) => {
    const expected = weight / mean;
    const whole = Math.floor(expected);
    return whole + (uniforms[index]! < expected - whole ? 1 : 0);
  });
}

/** Command-line keys each trainer needs to read the files (written into the manifest). */
export function trainerKeys(format: TrainerFormat): { grpo: Record<string, string>; sft: Record<string, string> } {
  switch (format) {
    case 'trl':
      return {
        grpo: { prompt_column: 'prompt', reward_kwargs: 'ground_truth, reference_tool_calls, tools, family' },
        sft: { dataset_format: 'conversational prompt-completion', weight_column: 'weight' },
      };
    case 'verl':
      return {
        grpo: { 'data.prompt_key': 'prompt', 'reward_model.ground_truth': 'reward_model.ground_truth' },
        sft: { 'data.multiturn.enable': 'true', 'data.multiturn.messages_key': 'messages' },
      };
    case 'openrlhf':
      return {
        grpo: { '--input_key': 'input', '--label_key': 'label', '--apply_chat_template': '' },
        sft: { '--input_key': 'input', '--output_key': 'output', '--apply_chat_template': '' },
      };
  }
}
