/**
 * Prompts: compact text for the built-in model (the action and the constraint values, then one row per person with
 * its name last; 30–250 characters) and chat messages with the three actions' tool schemas for chat models.
 */
import type { ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { ACTIONS, type LadderPayload } from './variation.ts';

const SYSTEM =
  'You act only by calling tools. A search returned the people listed; the request gives what the person it means ' +
  'is like. Call the requested action once, with the name of the one person who has every attribute the request gives.';

const TOOLS: ToolSchema[] = ACTIONS.map((action) => ({
  type: 'function',
  function: {
    name: action,
    description: `${action} a person`,
    parameters: {
      type: 'object',
      properties: { person: { type: 'string', description: "the person's name" } },
      required: ['person'],
    },
  },
}));

export function renderLadder(instance: TaskInstance<LadderPayload>): AgentPrompt {
  const payload = instance.payload;
  const answer = formatCalls([payload.call]);
  return {
    id: instance.id,
    family: instance.family,
    text: payload.request,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: payload.requestWords },
    ],
    tools: TOOLS,
    // The answer is one short call: its bytes and a margin for a tokenizer that splits a name.
    maxResponseTokens: answer.length + 8,
    reference: {
      answer,
      toolCalls: [{ name: payload.call.name, arguments: { ...payload.call.arguments } }],
      difficulty: instance.features.rung ?? 0,
    },
  };
}
