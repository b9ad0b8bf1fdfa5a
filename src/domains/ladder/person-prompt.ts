/** The prompt of a person request (the ladder's, and the worlds' built on it), answered by two tool calls. */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { callsResponseBudget, formatCalls } from '../tool-call-syntax.ts';
import type { PersonRequestPayload } from './person-request.ts';
import { TOOLS } from './tools.ts';

/**
 * The prompt of a person request: its compact text for the built-in model, the system line and the request in words
 * with the tools for chat models; the reference answer is the gold pair of calls in compact call syntax, `difficulty`
 * the scalar the world reports for the simulated student and the oracle.
 */
export function personRequestPrompt(
  instance: TaskInstance<PersonRequestPayload<unknown, unknown>>,
  system: string,
  difficulty: number,
): AgentPrompt {
  const payload = instance.payload;
  const answer = formatCalls(payload.calls);
  return {
    id: instance.id,
    family: instance.family,
    text: payload.request,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: payload.requestWords },
    ],
    tools: TOOLS,
    maxResponseTokens: callsResponseBudget(answer),
    reference: {
      answer,
      toolCalls: payload.calls.map((call) => ({ name: call.name, arguments: { ...call.arguments } })),
      difficulty,
    },
  };
}
