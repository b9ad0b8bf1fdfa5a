/**
 * Mapping between genenv's provider-neutral chat types and the OpenAI wire format: messages out,
 * choices (text, tool calls, log-probabilities) back in.
 */
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ToolCall } from '../../interfaces/chat.ts';
import type { Completion } from '../../interfaces/task.ts';
import { parseTextToolCalls, parseToolArguments } from './tool-call-parsing.ts';

/** genenv messages → OpenAI chat messages (assistant tool calls re-encoded, tool results linked by id). */
export function toOpenAIMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: message.content, ...(message.name ? { name: message.name } : {}) };
      case 'tool':
        return { role: 'tool', content: message.content, tool_call_id: message.toolCallId ?? message.name ?? 'call' };
      default: // 'assistant'
        return message.toolCalls && message.toolCalls.length > 0
          ? {
              role: 'assistant',
              content: message.content.length > 0 ? message.content : null,
              tool_calls: message.toolCalls.map((call, index) => ({
                id: call.id ?? `call_${index}`,
                type: 'function' as const,
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : { role: 'assistant', content: message.content };
    }
  });
}

/**
 * Per-token log-probabilities of a choice, or undefined when absent or unusable. A trailing entry with
 * an empty token (an end-of-sequence marker some servers add) is dropped; any other non-finite value
 * makes the whole list unusable (better none than wrong ones).
 */
export function choiceLogprobs(logprobs: ChatCompletion.Choice['logprobs'] | undefined): number[] | undefined {
  const content = logprobs?.content;
  if (!content || content.length === 0) return undefined;
  const entries = content.slice();
  while (entries.length > 0 && entries[entries.length - 1]!.token === '') entries.pop();
  const values: number[] = [];
  for (const entry of entries) {
    const value = entry.logprob;
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    values.push(value);
  }
  return values.length > 0 ? values : undefined;
}

/**
 * One choice → a Completion. Native tool calls win; in text mode (or when a server put calls in the
 * text) `<tool_call>` blocks are parsed. A native call whose arguments do not parse is kept in the text
 * as a `<tool_call>` block so the scorer sees it and judges it as malformed.
 */
export function toCompletion(
  choice: ChatCompletion.Choice,
  policyVersion: string,
  parseTextCalls: boolean,
): Completion {
  const message = choice.message;
  let text = typeof message?.content === 'string' ? message.content : '';
  const toolCalls: ToolCall[] = [];
  for (const call of message?.tool_calls ?? []) {
    if (call.type !== 'function') continue;
    const parsed = parseToolArguments(call.function.arguments ?? '');
    if (parsed === null) {
      text += `${text.length > 0 ? '\n' : ''}<tool_call>{"name": ${JSON.stringify(call.function.name)}, "arguments": ${call.function.arguments}}</tool_call>`;
      continue;
    }
    toolCalls.push({ ...(call.id ? { id: call.id } : {}), name: call.function.name, arguments: parsed });
  }
  if (toolCalls.length === 0 && parseTextCalls) toolCalls.push(...parseTextToolCalls(text));
  const logprobs = choiceLogprobs(choice.logprobs);
  return {
    text,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(logprobs ? { logprobs } : {}),
    ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    policyVersion,
  };
}
