import { describe, expect, it } from 'vitest';
import { describeToolsForText, parseTextToolCalls, parseToolArguments } from './tool-call-parsing.ts';

describe('parseToolArguments', () => {
  it('accepts odd whitespace, fences, trailing commas, double encoding and empty strings', () => {
    expect(parseToolArguments('\n\t{ "a" :\u00a01 }\u200b ')).toEqual({ a: 1 });
    expect(parseToolArguments('```json\n{"a": [1, 2,],}\n```')).toEqual({ a: [1, 2] });
    expect(parseToolArguments(JSON.stringify('{"a":"b"}'))).toEqual({ a: 'b' });
    expect(parseToolArguments('   ')).toEqual({});
  });
  it('returns null for what is not an object', () => {
    expect(parseToolArguments('{"a": 1')).toBeNull();
    expect(parseToolArguments('[1, 2]')).toBeNull();
    expect(parseToolArguments('42')).toBeNull();
    expect(parseToolArguments('"just text"')).toBeNull();
  });
});

describe('parseTextToolCalls', () => {
  it('reads single- and multi-line blocks with arguments or parameters, and arrays of calls', () => {
    const text = [
      'I will call two tools.',
      '<tool_call>{"name": "a", "arguments": {"x": 1}}</tool_call>',
      '<tool_call>',
      '{"name": "b",',
      ' "parameters": {"y": "z"}}',
      '</tool_call>',
      '<tool_call>[{"name": "c", "arguments": "{\\"k\\": true}"}, ' +
        '{"function": {"name": "d", "arguments": {}}}]</tool_call>',
    ].join('\n');
    expect(parseTextToolCalls(text)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 'z' } },
      { name: 'c', arguments: { k: true } },
      { name: 'd', arguments: {} },
    ]);
  });
  it('accepts a last block without its closing tag and skips broken or nameless blocks', () => {
    expect(parseTextToolCalls('<tool_call>{"name": "x", "arguments": {')).toEqual([]);
    expect(parseTextToolCalls('<tool_call>{"arguments": {}}</tool_call><tool_call>{"name": "ok"}')).toEqual([
      { name: 'ok', arguments: {} },
    ]);
    expect(parseTextToolCalls('no calls here')).toEqual([]);
  });
  it('describes tools with the call format', () => {
    const text = describeToolsForText([
      { type: 'function', function: { name: 'search', description: 'find', parameters: { type: 'object' } } },
    ]);
    expect(text).toContain('<tool_call>{"name"');
    expect(text).toContain('"name":"search"');
  });
});
