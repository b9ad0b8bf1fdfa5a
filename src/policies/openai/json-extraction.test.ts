import { describe, expect, it } from 'vitest';
import { extractJson } from './json-extraction.ts';

describe('extractJson', () => {
  it('prefers a fenced json block and repairs trailing commas', () => {
    expect(extractJson('Here {"wrong": 1}\n```json\n{"family": "sum", "difficulty": 3,}\n```')).toEqual({
      family: 'sum',
      difficulty: 3,
    });
  });
  it('finds the first balanced object in prose, ignoring braces inside strings', () => {
    expect(extractJson('The spec is {"note": "a } b", "n": {"m": 2}} and that is all. {"x": 1}')).toEqual({
      note: 'a } b',
      n: { m: 2 },
    });
  });
  it('skips broken spans and finds a later good one; undefined when nothing parses', () => {
    expect(extractJson('{"a": } then {"b": 2}')).toEqual({ b: 2 });
    expect(extractJson('no json at all')).toBeUndefined();
    expect(extractJson('{"unterminated": "x"')).toBeUndefined();
  });
});
