import { describe, expect, it } from 'vitest';
import { decodeModelText, parseGoldCall, parsePythonCallList } from './python-call-parser.ts';
import { decodeAnswer } from './answer-decoder.ts';
import { PyFloat } from './python-float.ts';
import { pythonRepr } from './python-values.ts';

describe('parsePythonCallList', () => {
  it('parses keyword and positional arguments of every literal kind', () => {
    const parsed = parsePythonCallList(
      `[cd(folder='document'), ls(a=True), f("x", 2, -3.5, None, False, [1, 'a'], {'k': [1, 2], "j": {'n': ` +
        `None}}, (1, 2), t=(4,), e=1e3)]`,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.calls.map((call) => call.name)).toEqual(['cd', 'ls', 'f']);
    expect(parsed.calls[0]!.keywords).toEqual({ folder: 'document' });
    expect(parsed.calls[1]!.keywords).toEqual({ a: true });
    expect(parsed.calls[2]!.positional).toEqual([
      'x',
      2,
      -3.5,
      null,
      false,
      [1, 'a'],
      { k: [1, 2], j: { n: null } },
      [1, 2],
    ]);
    // 1e3 is a Python float: integral floats are boxed so they still print as 1000.0.
    expect(parsed.calls[2]!.keywords).toEqual({ t: [4], e: new PyFloat(1000) });
    expect(pythonRepr(parsed.calls[2]!.keywords.e)).toBe('1000.0');
  });

  it('handles escapes, quotes inside strings, triple quotes, raw strings and implicit concatenation', () => {
    const parsed = parsePythonCallList(`[echo(content='It\\'s "ok"\\n', file_name="a.txt"), g(x="""multi
line""", y=r'\\d+', z='ab' "cd")]`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.calls[0]!.keywords).toEqual({ content: `It's "ok"\n`, file_name: 'a.txt' });
    expect(parsed.calls[1]!.keywords).toEqual({ x: 'multi\nline', y: '\\d+', z: 'abcd' });
  });

  it('evaluates constant arithmetic and keeps bare names and nested calls as text, like the official decoder', () => {
    const parsed = parsePythonCallList('[add(a=2+3*4, b=-(1), c=document, d=g(1))]');
    expect(parsed.ok && parsed.calls[0]!.keywords).toEqual({ a: 14, b: -1, c: 'document', d: 'g(1)' });
  });

  it('accepts a single call and an empty list, and rejects malformed text with a reason', () => {
    expect(parsePythonCallList('ls()')).toEqual({ ok: true, calls: [{ name: 'ls', positional: [], keywords: {} }] });
    expect(parsePythonCallList('[]')).toEqual({ ok: true, calls: [] });
    for (const bad of [
      "[cd(folder='doc)]",
      '[cd(folder=)]',
      '[cd(folder="a") extra]',
      'I cannot do that.',
      '[f(a=1, 2)]',
      '[f(a=1, a=2)]',
    ]) {
      const parsed = parsePythonCallList(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(0);
    }
  });

  it('never throws on absurd input', () => {
    const deep = `[f(a=${'['.repeat(100000)}${']'.repeat(100000)})]`;
    expect(parsePythonCallList(deep).ok).toBe(false);
  });

  it('parses every gold call form of the data (positional gold arguments kept)', () => {
    expect(parseGoldCall("sort('final_report.pdf')")).toEqual({
      name: 'sort',
      positional: ['final_report.pdf'],
      keywords: {},
    });
    expect(parseGoldCall("grep(file_name='a.txt',pattern='budget analysis')").keywords).toEqual({
      file_name: 'a.txt',
      pattern: 'budget analysis',
    });
    expect(() => parseGoldCall('not a call')).toThrow(/cannot be parsed/);
  });
});

describe('decodeModelText (official cleaning)', () => {
  it('strips backticks and newlines and adds missing brackets', () => {
    const decoded = decodeModelText("```\ncd(folder='a'), ls()\n```");
    expect(decoded.ok && decoded.calls.map((call) => call.name)).toEqual(['cd', 'ls']);
  });

  it('fails on prose, which the official handler treats as the end of the turn', () => {
    expect(decodeModelText('Sure! I will list the files.').ok).toBe(false);
  });
});

describe('decodeAnswer', () => {
  it('drops positional arguments from text answers as the official decoder does', () => {
    const decoded = decodeAnswer({ text: "[sort('report.pdf'), cat(file_name='x')]", policyVersion: 'test' });
    expect(decoded).toMatchObject({ ok: true, droppedPositional: 1 });
    if (decoded.ok) expect(decoded.calls[0]).toEqual({ name: 'sort', positional: [], keywords: {} });
  });

  it('prefers OpenAI tool calls over text', () => {
    const decoded = decodeAnswer({
      text: 'ignored',
      toolCalls: [{ name: 'ls', arguments: { a: true } }],
      policyVersion: 'test',
    });
    expect(decoded).toEqual({
      ok: true,
      source: 'tool-calls',
      droppedPositional: 0,
      calls: [{ name: 'ls', positional: [], keywords: { a: true } }],
    });
  });

  it('reads an empty or "[]" answer as no call', () => {
    expect(decodeAnswer({ text: '', policyVersion: 'test' })).toMatchObject({ ok: true, calls: [] });
    expect(decodeAnswer({ text: '[]', toolCalls: [], policyVersion: 'test' })).toMatchObject({ ok: true, calls: [] });
  });
});
