import { describe, expect, it } from 'vitest';
import { extractAnswer } from './answer-extraction.ts';
import { coverExactMatch, scoreAnswer } from './scoring.ts';

const text = (value: string) => ({ text: value });

describe('extractAnswer', () => {
  it('takes the final_answer tool call first', () => {
    expect(
      extractAnswer({
        text: 'Answer: wrong',
        toolCalls: [{ name: 'final_answer', arguments: { answer: 'James Madison' } }],
      }),
    ).toEqual({ answer: 'James Madison', source: 'tool' });
  });
  it('takes the last <answer> tag', () => {
    expect(extractAnswer(text('<answer>x</answer> then <answer> Titan IIIE </answer>'))).toEqual({
      answer: 'Titan IIIE',
      source: 'tag',
    });
  });
  it('takes the rest of the last Answer: line, self-ask style included', () => {
    expect(extractAnswer(text('Answer: draft\nFollow up: ...\nSo the final answer is: David Dinkins.')).answer).toBe(
      'David Dinkins',
    );
    expect(extractAnswer(text('Reasoning.\nAnswer: **1999**\n')).answer).toBe('1999');
  });
  it('takes "the answer is X" without a colon', () => {
    expect(extractAnswer(text('I think the answer is George VI.'))).toEqual({
      answer: 'George VI',
      source: 'answer-is',
    });
  });
  it('falls back to the last non-empty line, and to empty', () => {
    expect(extractAnswer(text('Citibank was founded in 1812.\nJames Madison\n\n'))).toEqual({
      answer: 'James Madison',
      source: 'last-line',
    });
    expect(extractAnswer(text('  \n'))).toEqual({ answer: '', source: 'empty' });
  });
});

describe('scoreAnswer', () => {
  it('gives SQuAD EM and F1 under normalisation', () => {
    expect(scoreAnswer('The Titan IIIE.', 'Titan IIIE')).toEqual({ exactMatch: 1, f1: 1, coverExactMatch: 1 });
    // precision 1/1, recall 1/2 → F1 2/3
    const partial = scoreAnswer('Madison', 'james madison');
    expect(partial.exactMatch).toBe(0);
    expect(partial.f1).toBeCloseTo(2 / 3, 10);
    expect(partial.coverExactMatch).toBe(0);
  });
  it('cover EM accepts a gold inside a longer answer on whole tokens only', () => {
    expect(coverExactMatch('President James Madison (1809–1817)', 'james madison')).toBe(1);
    expect(coverExactMatch('19999', '1999')).toBe(0);
    expect(coverExactMatch('anything', '')).toBe(0);
    const verbose = scoreAnswer('It was President James Madison', 'james madison');
    expect(verbose.exactMatch).toBe(0);
    expect(verbose.coverExactMatch).toBe(1);
    // 2 common tokens; precision 2/5, recall 1 → F1 4/7
    expect(verbose.f1).toBeCloseTo(4 / 7, 10);
  });
  it('scores a wrong answer 0 on all three', () => {
    expect(scoreAnswer('John Adams', 'james madison')).toEqual({ exactMatch: 0, f1: 0, coverExactMatch: 0 });
  });
});
