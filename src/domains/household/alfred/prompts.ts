/** The prompt an agent sees at one step of an ALFWorld game: task, room and history (as ReAct's Act prompts). */
import type { ChatMessage, ToolSchema } from '../../../interfaces/chat.ts';
import type { AgentPrompt } from '../../../interfaces/task.ts';
import { compactTurnText } from './compact-text.ts';
import type { AlfworldGame } from './game.ts';

export interface HistoryEntry {
  action: string;
  observation: string;
}

/** The one tool a chat agent may call instead of writing `> command`. */
export const ACT_TOOL: ToolSchema = {
  type: 'function',
  function: {
    name: 'act',
    description: 'Perform one action in the household (e.g. "go to cabinet 1").',
    parameters: {
      type: 'object',
      properties: { action: { type: 'string', description: 'the action, exactly as the game expects it' } },
      required: ['action'],
    },
  },
};

/** Instructions with the game's own put verb (`move X to Y` or, in 2.1.1 games, `put X in/on Y`). */
export function instructions(game: AlfworldGame): string {
  const put =
    game.grammar.actions.get('putobject')?.template.replace('{o}', 'apple 1').replace('{r}', 'fridge 1') ??
    'move apple 1 to fridge 1';
  return [
    'Interact with a household to solve a task. Reply with exactly one action per turn, written as "> action".',
    `Actions: go to (receptacle), open/close (receptacle), take (object) from (receptacle), ` +
      `${put.replace('apple 1', '(object)').replace('fridge 1', '(receptacle)')},`,
    'heat/cool/clean (object) with (receptacle), use (object), examine (something), look, inventory.',
    `Example: > go to countertop 1 | > take apple 1 from countertop 1 | > ${put}`,
  ].join('\n');
}

/** `room\nYour task is to: ...` — the opening text without TextWorld's welcome banner (as ReAct strips it). */
export function openingText(intro: string): string {
  return intro.split('\n\n').slice(1).join('\n');
}

export interface PromptInput {
  id: string;
  game: AlfworldGame;
  opening: string;
  history: readonly HistoryEntry[];
  /** Gold next action (what the oracle answers). */
  answer: string;
  /** Scalar difficulty ≥ 0 for simulated students. */
  difficulty: number;
}

/**
 * Builds the AgentPrompt: for built-in models the household domain's compact turn text (the form they are trained
 * on: task, room map, last observation, carried, location, next unseen receptacle); for chat models system + user
 * messages with the whole transcript and the `act` tool.
 */
export function buildPrompt(input: PromptInput): AgentPrompt {
  const transcript = [
    input.opening,
    ...input.history.map((entry) => `> ${entry.action}\n${entry.observation}`),
    '>',
  ].join('\n');
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions(input.game) },
    { role: 'user', content: transcript },
  ];
  return {
    id: input.id,
    family: input.game.taskType,
    text: compactTurnText(input.opening, input.history),
    messages,
    tools: [ACT_TOOL],
    maxResponseTokens: input.answer.length + 16,
    reference: { answer: input.answer, difficulty: input.difficulty },
  };
}
