/**
 * Prompts: compact text for the built-in model (the action, then the values the request mentions; 10–110
 * characters) and chat messages with the tools' schemas for chat models. The reference answer is the gold pair of
 * calls in compact call syntax.
 */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { personRequestPrompt } from './person-prompt.ts';
import { ANY, FIND_PERSON, type LadderPayload, PREVIOUS } from './variation.ts';

export { TOOLS } from './tools.ts';

const SYSTEM =
  `You act only by calling tools. First call ${FIND_PERSON} with every parameter: the value the request gives for ` +
  `it, or "${ANY}" when it gives none (values the request rules out are not passed). Then call the requested action ` +
  `once, passing the found person as "${PREVIOUS}" (the previous call's result).`;

/** The prompt of a ladder instance; its `difficulty` is the rung. */
export function renderLadder(instance: TaskInstance<LadderPayload>): AgentPrompt {
  return personRequestPrompt(instance, SYSTEM, instance.features.rung ?? 0);
}
