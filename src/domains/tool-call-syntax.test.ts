import { describe, expect, it } from 'vitest';
import type { Completion } from '../interfaces/task.ts';
import { formatCalls, parseCompactCalls, parseCompletionCalls } from './tool-call-syntax.ts';

const completion = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'test',
  ...extra,
});
const expected = [
  { name: 'find_contact', arguments: { name: 'Ann' } },
  { name: 'send_text', arguments: { to: 'Ann', text: 'running late' } },
];

describe('compact call syntax', () => {
  it('parses calls separated by ; or line breaks, with spaces, quotes and empty argument lists', () => {
    expect(parseCompactCalls('find_contact(name=Ann);send_text(to=Ann,text=running late)')).toEqual({
      ok: true,
      value: expected,
    });
    expect(parseCompactCalls(' find_contact( name = Ann )\nsend_text(to=Ann, text="running late");')).toEqual({
      ok: true,
      value: expected,
    });
    expect(parseCompactCalls('next_event()')).toEqual({ ok: true, value: [{ name: 'next_event', arguments: {} }] });
    expect(parseCompactCalls('send_text(to=Ann,text="a, b (c)")')).toEqual({
      ok: true,
      value: [{ name: 'send_text', arguments: { to: 'Ann', text: 'a, b (c)' } }],
    });
  });

  it('round-trips formatCalls, quoting values that need it', () => {
    const calls = [
      { name: 'convert', arguments: { value: 5, from: 'km', to: 'mi' } },
      { name: 'send_text', arguments: { to: 'Bob', text: 'hi, there' } },
      { name: 'call', arguments: { number: '$1' } },
    ];
    const text = formatCalls(calls);
    expect(text).toBe('convert(value=5,from=km,to=mi);send_text(to=Bob,text="hi, there");call(number=$1)');
    const parsed = parseCompactCalls(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value[2]).toEqual(calls[2]);
  });

  it('rejects malformed text with a reason', () => {
    for (const text of [
      'set_alarm',
      'set_alarm(time=07:30',
      'set_alarm(07:30)',
      'set_alarm(time=)',
      'set_alarm(time=1,time=2)',
      'set_alarm(time=07:30) and then some',
      '(time=1)',
      'set_alarm(time="07:30)',
      'I would set an alarm',
    ]) {
      const parsed = parseCompactCalls(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(0);
    }
  });
});

describe('completion formats', () => {
  it('uses OpenAI tool_calls when present', () => {
    const parsed = parseCompletionCalls(
      completion('', { toolCalls: expected.map((call, index) => ({ id: `c${index}`, ...call })) }),
    );
    expect(parsed).toEqual({ ok: true, value: expected });
  });

  it(
    'reads single-line and multi-line <tool_call> blocks with arguments or parameters, ignoring text around ' + 'them',
    () => {
      const single =
        '<tool_call>{"name": "find_contact", "arguments": {"name": "Ann"}}</tool_call><tool_call>{"name": ' +
        '"send_text", "parameters": {"to": "Ann", "text": "running late"}}</tool_call>';
      expect(parseCompletionCalls(completion(single))).toEqual({ ok: true, value: expected });
      const multi = `I will look her up first.
<tool_call>
{"name": "find_contact",
 "arguments": {"name": "Ann"}}
</tool_call>
<tool_call>
{"name": "send_text", "arguments": "{\\"to\\": \\"Ann\\", \\"text\\": \\"running late\\"}"}
</tool_call>`;
      expect(parseCompletionCalls(completion(multi))).toEqual({ ok: true, value: expected });
      const unclosed = '<tool_call>{"name": "find_contact", "arguments": {"name": "Ann"}}';
      expect(parseCompletionCalls(completion(unclosed))).toEqual({ ok: true, value: expected.slice(0, 1) });
    },
  );

  it('reads bare JSON calls, arrays of calls, OpenAI function objects and fenced blocks', () => {
    expect(parseCompletionCalls(completion(JSON.stringify(expected)))).toEqual({ ok: true, value: expected });
    expect(
      parseCompletionCalls(
        completion(JSON.stringify({ function: { name: 'find_contact', arguments: '{"name":"Ann"}' } })),
      ),
    ).toEqual({ ok: true, value: expected.slice(0, 1) });
    expect(
      parseCompletionCalls(completion('```\nfind_contact(name=Ann);send_text(to=Ann,text=running late)\n```')),
    ).toEqual({ ok: true, value: expected });
  });

  it('returns reasons for unreadable output, never throws', () => {
    for (const text of [
      '',
      '   ',
      '<tool_call>{"name": </tool_call>',
      '<tool_call>[1]</tool_call>',
      '<tool_call>{"arguments": {}}</tool_call>',
      '<tool_call>{"name": "x", "arguments": "not json"}</tool_call>',
      '{"name": "x", "arguments": [1]}',
      '[]',
      'null',
      '{',
    ]) {
      const parsed = parseCompletionCalls(completion(text));
      expect(parsed.ok, JSON.stringify(text)).toBe(false);
    }
  });
});
