/**
 * Prompts: compact text for the built-in model (`start: …` and `path: …`, 15–90 characters) and chat messages with
 * the ten tools' schemas for chat models. The reference answer is the gold chain in compact call syntax.
 */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { toolSchemas } from './tools.ts';
import type { LadderPayload } from './variation.ts';

const SYSTEM =
  'You act only by calling tools, in order, and nothing else. Find the start person (by name, or with find_person ' +
  'and every attribute the request gives), then take each step of the path from the previous result: its city, ' +
  'its firm or its boss, with the tool that goes there from what the previous result is (a person, a firm or a ' +
  'city). Pass the previous call\'s result as the string "$".';

/** Response budget in tokens for an answer of `answer` bytes: a quarter more plus 16. */
const responseBudget = (answer: string) => Math.ceil(Buffer.byteLength(answer, 'utf8') * 1.25) + 16;

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
    tools: toolSchemas(),
    maxResponseTokens: responseBudget(answer),
    reference: {
      answer,
      toolCalls: payload.calls.map((call) => ({ name: call.name, arguments: { ...call.arguments } })),
      difficulty: instance.features.rung ?? 0,
    },
  };
}
