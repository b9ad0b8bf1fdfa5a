/**
 * Prompts: a compact text for the built-in byte-level model (tool names, then the request; about
 * 40–280 characters) and chat messages with OpenAI tool schemas for chat models.
 */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { callsResponseBudget, formatCalls } from '../tool-call-syntax.ts';
import { toolByName, toolSchema } from './tools.ts';
import type { ToolWorldPayload } from './variation.ts';
import { TODAY_TEXT } from './world.ts';

const SYSTEM =
  `You act only by calling tools. Today is ${TODAY_TEXT}; dates are MM-DD, times HH:MM (24-hour). ` +
  'Make every call the request needs, in order, and nothing else. To use the result of an earlier call as an ' +
  'argument, pass the string "$1" (result of call 1), "$2", and so on.';

/** Compact prompt text: `tools: a b c\n<request>`. */
export function promptText(payload: ToolWorldPayload): string {
  return `tools: ${payload.toolsShown.join(' ')}\n${payload.request}`;
}

/** The agent prompt of an instance; `reference.answer` is the gold call sequence in compact syntax. */
export function renderToolWorld(instance: TaskInstance<ToolWorldPayload>): AgentPrompt {
  const payload = instance.payload;
  const answer = formatCalls(payload.calls);
  return {
    id: instance.id,
    family: instance.family,
    text: promptText(payload),
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: payload.request },
    ],
    tools: payload.toolsShown.map((name) => toolSchema(toolByName(name)!)),
    maxResponseTokens: callsResponseBudget(answer),
    reference: {
      answer,
      toolCalls: payload.calls.map((entry) => ({ name: entry.name, arguments: { ...entry.arguments } })),
      difficulty: instance.features.difficulty ?? 0,
    },
  };
}
