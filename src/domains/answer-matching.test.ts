import { describe, expect, it } from 'vitest';
import {
  exactMatch,
  matchActions,
  normalizeAnswer,
  normalizeValue,
  partialActionCredit,
  tokenF1,
} from './answer-matching.ts';

describe('answer matching (agent reward, paper Eq. 1)', () => {
  it('normalises answers the SQuAD way', () => {
    expect(normalizeAnswer('The  Eiffel Tower!')).toBe('eiffel tower');
    expect(normalizeAnswer('  an apple, a pear ')).toBe('apple pear');
    expect(normalizeAnswer('')).toBe('');
  });
  it('exact match accepts the gold after normalisation and rejects a near miss', () => {
    expect(exactMatch('the George VI\n', 'George VI')).toBe(1);
    expect(exactMatch('George V', 'George VI')).toBe(0);
  });
  it('token F1 matches hand-computed values', () => {
    expect(tokenF1('George VI', 'George VI')).toBe(1);
    // prediction 3 tokens, gold 2, 2 common: P=2/3, R=1, F1=0.8
    expect(tokenF1('king george vi', 'George VI')).toBeCloseTo(0.8, 12);
    expect(tokenF1('paris', 'london')).toBe(0);
    expect(tokenF1('', '')).toBe(1);
    expect(tokenF1('the', 'paris')).toBe(0); // prediction normalises to nothing
    // multiplicity: "a a b" vs "a b": tokens after normalisation — articles dropped, so use other words
    expect(tokenF1('x x y', 'x y')).toBeCloseTo((2 * (2 / 3) * 1) / (2 / 3 + 1), 12);
  });
  it('normalises structured values: numeric strings, booleans, key order', () => {
    expect(normalizeValue({ b: '5', a: ' true ' })).toEqual({ a: true, b: 5 });
    expect(JSON.stringify(normalizeValue({ b: 1, a: 2 }))).toBe('{"a":2,"b":1}');
    expect(normalizeValue('5.0')).toBe(5);
    expect(normalizeValue('07:30')).toBe('07:30');
  });
  it('matches action sequences by explicit rules', () => {
    const call = (name: string, value: unknown) => ({ name, arguments: { value } });
    const gold = [call('a', 1), call('b', 2)];
    expect(matchActions([call('a', '1'), call('b', 2)], gold, 'sequence')).toBe(1);
    expect(matchActions([call('b', 2), call('a', 1)], gold, 'sequence')).toBe(0); // swapped
    expect(matchActions([call('b', 2), call('a', 1)], gold, 'set')).toBe(1);
    expect(matchActions([call('a', 1)], gold, 'sequence')).toBe(0); // missing
    expect(matchActions([...gold, call('c', 3)], gold, 'sequence')).toBe(0); // extra
    expect(matchActions([...gold, call('c', 3)], gold, 'subset')).toBe(1);
    expect(matchActions([call('a', 9), call('b', 2)], gold, 'sequence')).toBe(0); // wrong argument
    expect(matchActions([call('b', 2)], gold, 'any')).toBe(1);
    expect(matchActions([call('a', 1), call('a', 1)], [call('a', 1), call('b', 2)], 'set')).toBe(0); // each used once
    expect(matchActions([], [], 'sequence')).toBe(1);
    expect(matchActions([], [], 'any')).toBe(1);
    expect(matchActions([call('a', 1)], [], 'any')).toBe(0);
  });
});

describe('partial action credit', () => {
  const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });
  const gold = [call('get_temp', { city: 'Oslo' }), call('send_text', { to: 'Ann', text: '$1' })];

  it('is 1 exactly when the sequence matches, 0 when nothing does', () => {
    expect(partialActionCredit(gold, gold)).toBe(1);
    expect(partialActionCredit([call('mul', { a: 1 })], gold)).toBe(0);
    expect(partialActionCredit([], gold)).toBe(0);
    expect(partialActionCredit([], [])).toBe(1);
  });

  it('ranks near misses: one wrong value above a wrong tool above nothing', () => {
    const oneValue = partialActionCredit(
      [call('get_temp', { city: 'Oslo' }), call('send_text', { to: 'Bo', text: '$1' })],
      gold,
    );
    const wrongTool = partialActionCredit(
      [call('get_temp', { city: 'Oslo' }), call('send_email', { to: 'Ann', text: '$1' })],
      gold,
    );
    // 5 units each side; one value wrong: 4 matched (F1 0.8); second tool wrong: 2 matched (F1 0.4).
    expect(oneValue).toBeCloseTo(0.8, 12);
    expect(wrongTool).toBeCloseTo(0.4, 12);
  });

  it('lowers the credit for extra calls and arguments, and for missing calls', () => {
    const extra = partialActionCredit([...gold, call('mul', { a: 2, b: 3 })], gold);
    expect(extra).toBeCloseTo((2 * (5 / 8) * 1) / (5 / 8 + 1), 12);
    const extraArgument = partialActionCredit([call('get_temp', { city: 'Oslo', unit: 'C' }), gold[1]!], gold);
    expect(extraArgument).toBeLessThan(1);
    const missing = partialActionCredit([gold[0]!], gold);
    expect(missing).toBeCloseTo((2 * 1 * (2 / 5)) / (1 + 2 / 5), 12);
  });

  it('compares values after normalisation, as the sequence rule does', () => {
    const predicted = [call('convert', { value: ' 5.0 ', unit: ' C' })];
    const truth = [call('convert', { value: 5, unit: 'C' })];
    expect(partialActionCredit(predicted, truth)).toBe(1);
    expect(matchActions(predicted, truth, 'sequence')).toBe(1);
  });
});
