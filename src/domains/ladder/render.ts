/**
 * Prompts: compact text for the built-in model (the action, then the values the request mentions; 10–110
 * characters) and chat messages with the tools' schemas for chat models. The reference answer is the gold pair of
 * calls in compact call syntax.
 */
import type { ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { callsResponseBudget, formatCalls } from '../tool-call-syntax.ts';
import { ATTRIBUTES } from './directory.ts';
import { ACTIONS, ANY, FIND_PERSON, type LadderPayload, PREVIOUS } from './variation.ts';

const SYSTEM =
  `You act only by calling tools. First call ${FIND_PERSON} with every parameter: the value the request gives for ` +
  `it, or "${ANY}" when it gives none (values the request rules out are not passed). Then call the requested action ` +
  `once, passing the found person as "${PREVIOUS}" (the previous call's result).`;

/** The tools of a request about a person: `find_person` by all six attributes, then the actions on its result. */
export const TOOLS: ToolSchema[] = [
  {
    type: 'function',
    function: {
      name: FIND_PERSON,
      description: 'the person who has every given attribute',
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          ATTRIBUTES.map((attribute) => [attribute, { type: 'string', description: `the ${attribute}, or "${ANY}"` }]),
        ),
        required: [...ATTRIBUTES],
      },
    },
  },
  ...ACTIONS.map(
    (action): ToolSchema => ({
      type: 'function',
      function: {
        name: action,
        description: `${action} a person`,
        parameters: {
          type: 'object',
          properties: {
            person: { type: 'string', description: `the person, or "${PREVIOUS}" for the previous result` },
          },
          required: ['person'],
        },
      },
    }),
  ),
];

export function renderLadder(instance: TaskInstance<LadderPayload>): AgentPrompt {
  const payload = instance.payload;
  const answer = formatCalls(payload.calls);
  return {
    id: instance.id,
    family: instance.family,
    text: payload.request,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: payload.requestWords },
    ],
    tools: TOOLS,
    maxResponseTokens: callsResponseBudget(answer),
    reference: {
      answer,
      toolCalls: payload.calls.map((call) => ({ name: call.name, arguments: { ...call.arguments } })),
      difficulty: instance.features.rung ?? 0,
    },
  };
}
