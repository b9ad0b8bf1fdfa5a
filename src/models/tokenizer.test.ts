import { describe, expect, it } from 'vitest';
import { splitPieces, Tokenizer } from './tokenizer.ts';

describe('tokenizer', () => {
  it('round-trips any text and learns merges that shorten the corpus', () => {
    const corpus = ['call get_weather city=Paris', 'call get_weather city=Rome', 'call get_time zone=UTC'];
    const learned = Tokenizer.learn(corpus, 20);
    expect(learned.merges.length).toBe(20);
    for (const text of [...corpus, 'héllo ✓ wörld', '']) expect(learned.decode(learned.encode(text))).toBe(text);
    expect(learned.encode(corpus[0]!).length).toBeLessThan(Buffer.byteLength(corpus[0]!) / 2);
    expect(Tokenizer.fromState(learned.toState()).encode(corpus[1]!)).toEqual(learned.encode(corpus[1]!));
    expect(learned.decode([Tokenizer.begin, 104, 105, Tokenizer.end])).toBe('hi');
  });

  it('cuts words, single digits and symbols when split is words', () => {
    expect(splitPieces('text Leo: order B927, 5°C', 'words')).toEqual([
      'text',
      ' ',
      'Leo',
      ':',
      ' ',
      'order',
      ' ',
      'B',
      '9',
      '2',
      '7',
      ',',
      ' ',
      '5',
      '°',
      'C',
    ]);
    expect(splitPieces('get_temp(city=Paris)', 'words')).toEqual(['get_temp', '(', 'city', '=', 'Paris', ')']);
    expect(splitPieces('a b', 'none')).toEqual(['a b']);
    expect(splitPieces('', 'words')).toEqual([]);
  });

  it('gives a word the same ids in the prompt and in a call, which merges across words do not', () => {
    const corpus = Array.from(
      { length: 30 },
      (_, index) => `send the weather in Paris to Leo ${index} => get_weather(city=Paris);send_text(to=Leo)`,
    );
    const words = Tokenizer.learn(corpus, 60, 'words');
    const inSentence = words.encode(' in Paris ');
    const inCall = words.encode('city=Paris)');
    const paris = words.encode('Paris');
    expect(paris.length).toBe(1);
    expect(inSentence).toContain(paris[0]);
    expect(inCall).toContain(paris[0]);
    // Digits stay single tokens, so every number is spelled the same way.
    expect(words.encode('1234').length).toBe(4);
    for (const text of [...corpus, 'héllo ✓ wörld 42', '']) expect(words.decode(words.encode(text))).toBe(text);
    const restored = Tokenizer.fromState(words.toState());
    expect(restored.split).toBe('words');
    expect(restored.encode(corpus[3]!)).toEqual(words.encode(corpus[3]!));
  });

  it('makes every number below 100 one token under split numbers, the same in words and calls', () => {
    expect(splitPieces('add 72 and 144 at 18:00', 'numbers')).toEqual([
      'add',
      ' ',
      '72',
      ' ',
      'and',
      ' ',
      '14',
      '4',
      ' ',
      'at',
      ' ',
      '18',
      ':',
      '00',
    ]);
    const corpus = ['add 72 and 5 then times 3', 'add(a=72,b=5);mul(a=$1,b=3)', 'at 18:00 on 06-02'];
    const numbers = Tokenizer.learn(corpus, 20, 'numbers');
    // 100 digit-pair merges first, then at most 20 learned ones.
    expect(
      numbers.merges.slice(0, 100).every(([left, right]) => left >= 48 && left <= 57 && right >= 48 && right <= 57),
    ).toBe(true);
    expect(numbers.vocabSize).toBeLessThanOrEqual(Tokenizer.firstMerge + 120);
    for (let value = 0; value < 100; value++) {
      const text = String(value).padStart(2, '0');
      expect(numbers.encode(text).length).toBe(1);
      expect(numbers.decode(numbers.encode(text))).toBe(text);
    }
    const seventyTwo = numbers.encode('72');
    expect(numbers.encode(' 72 ').slice(1, 2)).toEqual(seventyTwo);
    expect(numbers.encode('a=72,').slice(2, 3)).toEqual(seventyTwo);
    expect(numbers.encode('2026').length).toBe(2);
    for (const text of [...corpus, 'x 1234567 y', '9']) expect(numbers.decode(numbers.encode(text))).toBe(text);
    expect(Tokenizer.fromState(numbers.toState()).encode(corpus[1]!)).toEqual(numbers.encode(corpus[1]!));
  });

  it('reads states written before pieces existed as split none', () => {
    const learned = Tokenizer.learn(['abab abab abab'], 3);
    const { split: _, ...legacy } = learned.toState();
    const restored = Tokenizer.fromState(legacy);
    expect(restored.split).toBe('none');
    expect(restored.encode('abab abab')).toEqual(learned.encode('abab abab'));
  });
});
