import type { ChatMessage, ToolSchema } from '../../../interfaces/chat.ts';
import { PLAN_KEYS } from './plan.ts';
import { SUBMIT_PLAN_TOOL } from './plan-parsing.ts';

/** The output format asked of chat models, appended to the official planner instructions. */
export const PLAN_FORMAT_INSTRUCTION =
  'Give the plan as a JSON list with one object per day, keys "days" (1, 2, ...), "current_city" ("from A to B" ' +
  'on travel days), ' +
  '"transportation", "breakfast", "attraction" (entries each ending with ";"), "lunch", "dinner", ' +
  '"accommodation"; write every ' +
  'entry as "Name, City" exactly as in the given information and "-" where nothing is needed. You may instead ' +
  'call the ' +
  `${SUBMIT_PLAN_TOOL} tool with {"plan": [...]}.`;

/** `submit_plan({plan})`: the JSON-schema form of the official day list. */
export const submitPlanToolSchema: ToolSchema = {
  type: 'function',
  function: {
    name: SUBMIT_PLAN_TOOL,
    description: 'Hand in the complete travel plan, one object per day.',
    parameters: {
      type: 'object',
      properties: {
        plan: {
          type: 'array',
          items: {
            type: 'object',
            properties: Object.fromEntries(
              PLAN_KEYS.map((key) => [key, key === 'days' ? { type: 'integer' } : { type: 'string' }]),
            ),
            required: [...PLAN_KEYS],
          },
        },
      },
      required: ['plan'],
    },
  },
};

/**
 * The chat messages of a sole-planning prompt: the planner instructions with the output format appended, then the
 * given information and the query (`Given Information:[…]\nQuery:…`, as in TravelPlanner's finetuning data).
 */
export function solePlanningMessages(systemMessage: string, userMessage: string): ChatMessage[] {
  return [
    { role: 'system', content: `${systemMessage}\n${PLAN_FORMAT_INSTRUCTION}` },
    { role: 'user', content: userMessage },
  ];
}
