/**
 * Prompt construction for BFCL multi-turn: chat messages (system instructions with the function
 * docs, user turns, assistant call lists with their tool results) plus OpenAI tool schemas, and a
 * compact text rendering for small built-in models.
 */
import type { ChatMessage, ToolCall, ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import type { FunctionDoc } from './data.ts';
import { pythonRepr } from './python-values.ts';

/** Longest tool result kept in the compact text (characters); chat messages keep results whole. */
const COMPACT_RESULT_CHARACTERS = 160;

/**
 * System instructions in the spirit of the official prompting mode: answer with a Python list of
 * calls only, keep calling until the request is done, answer without calls when nothing applies.
 */
export function systemPrompt(docs: readonly FunctionDoc[]): string {
  const cached = SYSTEM_PROMPTS.get(docs);
  if (cached !== undefined) return cached;
  const prompt = composeSystemPrompt(docs);
  SYSTEM_PROMPTS.set(docs, prompt);
  return prompt;
}

/** System prompts per doc list (every step of an entry shares one list). */
const SYSTEM_PROMPTS = new WeakMap<readonly FunctionDoc[], string>();

function composeSystemPrompt(docs: readonly FunctionDoc[]): string {
  const functions = JSON.stringify(
    docs.map(({ name, description, parameters }) => ({ name, description, parameters })),
  );
  return [
    'You compose function calls. Given the user request and the functions below, make the calls that fulfil it.',
    'If no function applies, or a required parameter is missing from the request, say so and make no call.',
    'Reply with the calls only, as a Python list: [func_name1(param1=value1, param2=value2), ' +
      'func_name2(param=value)]. Use keyword arguments.',
    'Each turn may take several steps: you see the results of your calls and may call more. When the request is ' +
      'fulfilled, reply without any call; the next user turn follows.',
    `Functions (JSON):\n${functions}`,
  ].join('\n\n');
}

/** One call in BFCL's native syntax with keyword arguments: `name(key=repr(value), ...)`. */
export function callText(call: { name: string; arguments: Record<string, unknown> }): string {
  return `${call.name}(${Object.entries(call.arguments)
    .map(([key, value]) => `${key}=${pythonRepr(value)}`)
    .join(', ')})`;
}

/** A call list in BFCL's native syntax, e.g. `[cd(folder='document'), ls(a=True)]`. */
export function callListText(calls: readonly { name: string; arguments: Record<string, unknown> }[]): string {
  return `[${calls.map(callText).join(', ')}]`;
}

/** The assistant message and tool messages of one executed step. */
export function stepMessages(calls: readonly ToolCall[], results: readonly string[], text?: string): ChatMessage[] {
  const assistant: ChatMessage = { role: 'assistant', content: text ?? callListText(calls), toolCalls: [...calls] };
  return [
    assistant,
    ...calls.map(
      (call, position): ChatMessage => ({
        role: 'tool',
        content: results[position] ?? '',
        toolCallId: call.id ?? `call_${position}`,
        name: call.name,
      }),
    ),
  ];
}

function compactSignature(doc: FunctionDoc): string {
  const required = new Set(doc.parameters.required ?? []);
  return `${doc.name}(${Object.keys(doc.parameters.properties)
    .map((name) => (required.has(name) ? name : `${name}?`))
    .join(', ')})`;
}

/** Compact text: the function signatures, then the dialogue with calls and shortened results. */
export function compactText(docs: readonly FunctionDoc[], messages: readonly ChatMessage[]): string {
  const lines = [`functions: ${docs.map(compactSignature).join(' ')}`];
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') lines.push(`user: ${message.content}`);
    else if (message.role === 'assistant')
      lines.push(`calls: ${message.toolCalls ? callListText(message.toolCalls) : message.content}`);
    else {
      const result =
        message.content.length > COMPACT_RESULT_CHARACTERS
          ? `${message.content.slice(0, COMPACT_RESULT_CHARACTERS)}…`
          : message.content;
      lines.push(`result ${message.name ?? ''}: ${result}`);
    }
  }
  lines.push('calls:');
  return lines.join('\n');
}

/**
 * Scalar difficulty of answering one step: the gold calls to make, plus a little per earlier turn
 * (longer context), plus one for an irrelevance turn (abstaining must be recognised).
 */
export function stepDifficulty(goldCallCount: number, turn: number, irrelevance: boolean): number {
  return goldCallCount + 0.25 * turn + (irrelevance ? 1 : 0);
}

export interface PromptParts {
  id: string;
  docs: readonly FunctionDoc[];
  tools: ToolSchema[];
  /** Dialogue so far without the system message (user turns, assistant steps, tool results). */
  dialogue: readonly ChatMessage[];
  /** The calls that fully answer this step (empty: the right answer is no call). */
  referenceCalls: readonly ToolCall[];
  difficulty: number;
}

/** Assembles the AgentPrompt of one step. */
export function buildPrompt(parts: PromptParts): AgentPrompt {
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(parts.docs) }, ...parts.dialogue];
  const answer = callListText(parts.referenceCalls);
  return {
    id: parts.id,
    family: 'bfcl',
    text: compactText(parts.docs, parts.dialogue),
    messages,
    tools: parts.tools,
    maxResponseTokens: Math.max(16, answer.length),
    reference: {
      answer,
      toolCalls: parts.referenceCalls.map((call) => ({ ...call, arguments: { ...call.arguments } })),
      difficulty: parts.difficulty,
    },
  };
}
