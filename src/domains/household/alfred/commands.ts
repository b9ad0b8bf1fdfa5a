/** Reading an agent's action out of its completion, and the normal form actions are compared in. */
import type { Completion } from '../../../interfaces/task.ts';

/** An agent's answer: one command, a ReAct `think:` line (no action), or nothing usable. */
export type AgentAction =
  | { kind: 'command'; command: string }
  | { kind: 'thought'; text: string }
  | { kind: 'invalid'; reason: string };

/**
 * Normal form of a command: lower case, single spaces, no leading `>`, no surrounding quotes or
 * backticks, no trailing period. ALFWorld itself matches commands exactly; this only forgives
 * formatting, never a different word or number.
 */
export function normalizeCommand(text: string): string {
  let command = text.trim().replace(/^>\s*/, '').trim();
  command = command.replace(/^["'`]+|["'`]+$/g, '').trim();
  command = command.replace(/\.$/, '');
  return command.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
}

/**
 * The action of a completion. A tool call `act({ action })` (or `command`) wins; otherwise the text
 * is read in ALFWorld's native form (`> go to cabinet 1`, a bare command, or `Action: ...`): the
 * first line marked with `>` or `Action:`, else the first non-empty line.
 */
export function extractAction(completion: Completion): AgentAction {
  for (const call of completion.toolCalls ?? []) {
    const value = call.arguments.action ?? call.arguments.command;
    if (typeof value === 'string' && value.trim()) return classify(value);
  }
  const lines = completion.text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const marked = lines.find((line) => line.startsWith('>') || /^action\s*:/i.test(line));
  const chosen = marked ?? lines[0];
  if (chosen === undefined) return { kind: 'invalid', reason: 'empty answer' };
  return classify(chosen.replace(/^action\s*:\s*/i, ''));
}

function classify(text: string): AgentAction {
  const command = normalizeCommand(text);
  if (!command) return { kind: 'invalid', reason: 'empty answer' };
  if (command.startsWith('think:')) return { kind: 'thought', text: command.slice('think:'.length).trim() };
  return { kind: 'command', command };
}
