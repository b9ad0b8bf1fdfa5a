import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import { parseOpenAIPolicySpec } from './policy-spec.ts';

describe('parseOpenAIPolicySpec', () => {
  it('reads one or several base URLs and a model name that may contain / and :', () => {
    expect(parseOpenAIPolicySpec('openai:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct')).toEqual({
      baseUrls: ['http://127.0.0.1:8000/v1'],
      model: 'Qwen/Qwen2.5-7B-Instruct',
    });
    expect(parseOpenAIPolicySpec('openai:http://a:1/v1/, https://b/v1#llama3:8b')).toEqual({
      baseUrls: ['http://a:1/v1', 'https://b/v1'],
      model: 'llama3:8b',
    });
  });

  it.each([
    ['builtin:x', /expected openai:/],
    ['openai:http://a/v1', /missing #<model>/],
    ['openai:http://a/v1#', /empty model name/],
    ['openai:#m', /empty base URL/],
    ['openai:http://a/v1,,http://b#m', /empty base URL/],
    ['openai:localhost:8000#m', /must start with http/],
    ['openai:not a url#m', /is not a URL/],
    ['openai:http://a/v1,http://a/v1#m', /repeated/],
  ])('rejects %s with one usage line', (spec, pattern) => {
    let caught: unknown;
    try {
      parseOpenAIPolicySpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GenEnvError);
    expect((caught as GenEnvError).code).toBe('usage');
    expect((caught as GenEnvError).message).toMatch(pattern);
    expect((caught as GenEnvError).message).not.toContain('\n');
  });
});
