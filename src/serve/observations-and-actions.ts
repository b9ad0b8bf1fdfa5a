/**
 * What crosses the wire about an episode, in both directions: the observations a trainer reads (the rendered
 * task and its place in the curriculum, or a multi-turn episode's next turn; never the reference answer),
 * and an action read back as the completion the domain's verifier scores.
 */
import type {
  Action,
  AgentPrompt,
  Completion,
  ResetObservation,
  ToolCall,
  TurnObservation,
} from '../interfaces/index.ts';
import type { Round, Slot } from './round-attempts.ts';

/** A prompt as a trainer reads it: compact text, OpenAI-style chat messages and tool schemas. */
function chatView(prompt: AgentPrompt) {
  return {
    prompt: prompt.text,
    messages: prompt.messages.map((message) => ({
      role: message.role,
      content: message.content,
      ...(message.toolCalls ? { tool_calls: message.toolCalls } : {}),
      ...(message.toolCallId ? { tool_call_id: message.toolCallId } : {}),
      ...(message.name ? { name: message.name } : {}),
    })),
    // Copies: a tool schema goes out as a plain JSON object, as the protocol types it.
    tools: (prompt.tools ?? []).map((tool) => ({ ...tool })),
  };
}

/**
 * The observation of a new episode: the rendered task (compact text, chat messages, tool schemas) and
 * what a trainer may know about it (family, difficulty features, where the task type came from, its place in
 * the GRPO group). Never the reference answer.
 */
export function resetObservation(episodeId: string, slot: Slot, round: Round, prompt: AgentPrompt): ResetObservation {
  const { instance } = round.instances[slot.instanceIndex]!;
  const taskType = round.taskTypes[slot.taskTypeIndex]!;
  return {
    episode_id: episodeId,
    ...chatView(prompt),
    task: {
      id: instance.id,
      family: instance.family,
      epoch: slot.epoch,
      task_type: taskType.id,
      source: taskType.source,
      attempt: slot.sample,
      group_size: round.groupSize,
      features: instance.features,
    },
  };
}

/**
 * The observation after a turn of a multi-turn episode that did not end it: the environment's answer,
 * the turn count and limit, and the next turn's prompt (compact text, the whole conversation as chat
 * messages with tool calls and tool results, tool schemas). Never the reference action.
 */
export function turnObservation(
  episodeId: string,
  answer: string,
  turn: number,
  maxSteps: number,
  prompt: AgentPrompt,
): TurnObservation {
  return {
    episode_id: episodeId,
    observation: answer,
    turn,
    max_steps: maxSteps,
    ...chatView(prompt),
  };
}

function parseArguments(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : { value: parsed };
    } catch {
      // Unparsable arguments are the agent's mistake: kept as text so the verifier scores them.
      return { raw: value };
    }
  }
  return (value ?? {}) as Record<string, unknown>;
}

/** An action as the domain's verifier reads it: response text plus normalised tool calls. */
export function actionCompletion(action: Action): Completion {
  const toolCalls: ToolCall[] | undefined = action.tool_calls?.map((call) => ({
    name: call.name,
    arguments: parseArguments(call.arguments ?? call.parameters),
  }));
  const version = action.metadata?.policy_version;
  return {
    text: action.text ?? '',
    ...(toolCalls ? { toolCalls } : {}),
    policyVersion: typeof version === 'string' && version.length <= 100 ? version : 'external',
  };
}
