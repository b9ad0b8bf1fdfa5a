import { describe, expect, it } from 'vitest';
import { calculator } from './apis/calculator.ts';
import type { ApiContext } from './api-types.ts';
import { bm25Scores } from '../../domains/search/bm25.ts';
import { extractFixedCalls, extractOfficialCall, renderNativeCalls } from './call-extraction.ts';
import { normalizeDateText, strptime } from './python-datetime.ts';
import { parseLiteral } from './python-literal.ts';
import { type PythonError, PythonExceptionValue, pythonEquals, pythonLiteral } from './python-values.ts';
import { officialRougeL, rougeLF } from './rouge-l.ts';

// Expected values below were produced by the official Python code (Calculator, datetime.strptime).
const noContext = {} as ApiContext;

describe('official call extraction', () => {
  it('reads every value as text and ends a quoted value at the first quote of either kind', () => {
    const call = extractOfficialCall(
      "API-Request: [AddMeeting(topic='Bob's day', attendees='['A', 'B']', count=3, flag=True, items=[1, 2])]",
    );
    expect(call?.name).toBe('AddMeeting');
    expect(call?.arguments).toEqual({ topic: 'Bob', attendees: '[', count: '3', flag: 'True', items: '[1, 2]' });
  });
  it('finds no call without brackets and reads only the first line', () => {
    expect(extractOfficialCall('AddAlarm(time="x")')).toBeUndefined();
    expect(extractOfficialCall("[A(x='1')\n)]")).toBeUndefined();
  });
  it('renders tool calls as native text', () => {
    expect(renderNativeCalls([{ name: 'A', arguments: { x: 'v', n: 2, l: ['a'], b: true } }])).toBe(
      "API-Request: [A(x='v', n=2, l=['a'], b=True)]",
    );
  });
});

describe('fixed call extraction', () => {
  it('keeps quotes inside values and reads list literals, numbers and booleans', () => {
    const calls = extractFixedCalls(
      "API-Request: [AddMeeting(topic='Bob's day', attendees='['A', 'B']', count=3, flag=True, items=[1, 2])]",
    );
    expect(calls).toEqual([
      {
        name: 'AddMeeting',
        arguments: { topic: "Bob's day", attendees: "['A', 'B']", count: 3, flag: true, items: [1, 2] },
      },
    ]);
  });
  it('finds every call, and none in plain text', () => {
    expect(extractFixedCalls("[A(x='1')] then [B()]").map((call) => call.name)).toEqual(['A', 'B']);
    expect(extractFixedCalls('no call [here] (at all)')).toEqual([]);
  });
  it('parses Python literals', () => {
    expect(parseLiteral("[{'name': 'hr', 'value': '80'}, (1, 2.5, None)]")?.value).toEqual([
      { name: 'hr', value: '80' },
      [1, 2.5, null],
    ]);
    expect(parseLiteral("['a', ")).toBeUndefined();
  });
});

describe('Python semantics', () => {
  it('compares like Python ==', () => {
    expect(pythonEquals({ a: [1, 'x'], b: null }, { b: null, a: [1.0, 'x'] })).toBe(true);
    expect(pythonEquals(true, 1)).toBe(true);
    expect(pythonEquals('5', 5)).toBe(false);
    const error = new PythonExceptionValue('e');
    expect(pythonEquals(error, error)).toBe(false);
    expect(pythonLiteral({ a: [1, 'x', null, 2.5] })).toBe("{'a': [1, 'x', None, 2.5]}");
  });
  it('strptime gives the messages of Python 3.11', () => {
    const message = (text: string, format: string) => {
      try {
        strptime(text, format);
        return 'parsed';
      } catch (error) {
        return (error as PythonError).message;
      }
    };
    expect(message('2023-13-01 00:00:00', '%Y-%m-%d %H:%M:%S')).toBe(
      "time data '2023-13-01 00:00:00' does not match format '%Y-%m-%d %H:%M:%S'",
    );
    expect(message('2023-02-30', '%Y-%m-%d')).toBe('day is out of range for month');
    expect(message('2023-01-05 10:00:00 extra', '%Y-%m-%d %H:%M:%S')).toBe('unconverted data remains:  extra');
    expect(message("it's", '%Y-%m-%d')).toBe(`time data "it's" does not match format '%Y-%m-%d'`);
    expect(message('02-29', '%m-%d')).toBe('day is out of range for month');
    expect(normalizeDateText(' 23-3-5 ', '%Y-%m-%d')).toBe('0023-03-05');
    expect(normalizeDateText('2023-3-5', '%Y-%m-%d')).toBe('2023-03-05');
  });
});

describe('ported Calculator', () => {
  it('reproduces the official results and errors', () => {
    const run = (formula: string) => calculator.call({ formula }, noContext);
    expect(run('(2+3)*5').output).toBe(25);
    expect(run('25*3+7/3').output).toBeCloseTo(77.33333333333333, 12);
    expect(run('2*(3+4)-1').output).toBe(13);
    expect(run('8-2-3').output).toBe(3);
    expect(run('5/0').exception).toBe('float division by zero');
    expect(run('((1+2)*3)').exception).toBe("')' is not in list");
    expect(run('1+').exception).toBe('invalid formula');
  });
});

describe('ROUGE-L of the rouge package', () => {
  it('is 1 on identical text and 0 on no shared word', () => {
    expect(officialRougeL('Your appointment is confirmed.', 'Your appointment is confirmed.')).toBe(1);
    expect(officialRougeL('nothing shared', 'Completely different words')).toBe(0);
    expect(officialRougeL('', 'anything')).toBe(0);
  });
  it('counts distinct words of the union LCS, case-sensitively', () => {
    // Distinct words: 5 and 5; LCS "the cat on the mat" has 4 distinct words → P = R = 0.8.
    expect(rougeLF('the cat sat on the mat', 'the cat is on the mat')).toBeCloseTo(0.8, 6);
    expect(rougeLF('The cat', 'the cat')).toBeCloseTo((2 * (0.5 * 0.5)) / (1 + 1e-8), 8);
    // Sentences split at '.', LCS hits unioned across sentence pairs: "a b" + "c d" against "a b c d".
    expect(rougeLF('a b. c d', 'a b c d')).toBeCloseTo(1, 6);
  });
});

describe('BM25 (rank_bm25 BM25Okapi)', () => {
  it('ranks the document holding the rare query term first and scores absent terms 0', () => {
    const scores = bm25Scores(
      [
        ['add', 'alarm'],
        ['delete', 'alarm'],
        ['query', 'stock'],
      ],
      ['delete'],
    );
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[0]).toBe(0);
    expect(scores[2]).toBe(0);
  });
});
