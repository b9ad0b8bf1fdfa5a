import { describe, expect, it } from 'vitest';
import { choiceLogprobs, toOpenAIMessages } from './chat-mapping.ts';

const entry = (token: string, logprob: number) => ({ token, logprob, bytes: null, top_logprobs: [] });

describe('chat mapping', () => {
  it('drops trailing empty-token entries; a non-finite value elsewhere discards the list', () => {
    expect(choiceLogprobs({ content: [entry('a', -1), entry('', -0.1), entry('', 0)], refusal: null })).toEqual([-1]);
    expect(
      choiceLogprobs({ content: [entry('a', -1), entry('b', Number.NEGATIVE_INFINITY)], refusal: null }),
    ).toBeUndefined();
    expect(choiceLogprobs({ content: [entry('', 0)], refusal: null })).toBeUndefined();
    expect(choiceLogprobs(null)).toBeUndefined();
  });
  it('re-encodes assistant tool calls and links tool results by id', () => {
    const messages = toOpenAIMessages([
      { role: 'system', content: 's' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'f', arguments: { a: 1 } }] },
      { role: 'tool', content: '{"ok":true}', toolCallId: 'c1' },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
    });
    expect(messages[2]).toEqual({ role: 'tool', content: '{"ok":true}', tool_call_id: 'c1' });
  });
});
