import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.ts';
import { dateWords, formatTime, numberWords, parseTime, timeWords } from './value-words.ts';
import { DATES } from './world.ts';

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** Independent reader of the clock phrases, to check that every phrase means the time it was made from. */
function readTime(phrase: string): string {
  if (phrase === 'noon') return '12:00';
  if (phrase === 'midnight') return '00:00';
  const dayPart = 'am|pm|in the morning|in the afternoon|in the evening';
  const minutePart = "( o'clock| thirty| oh [a-z]+| [a-z-]+)";
  const pattern = `^(quarter past |half past |quarter to )?([a-z]+)${minutePart}? (${dayPart})$`;
  const match = new RegExp(pattern).exec(phrase);
  if (!match) throw new Error(`unreadable time phrase ${phrase}`);
  const hour12 = ONES.indexOf(match[2]!);
  const afternoon = match[4] === 'pm' || match[4] === 'in the afternoon' || match[4] === 'in the evening';
  let minutes = ((hour12 % 12) + (afternoon ? 12 : 0)) * 60;
  if (match[1] === 'quarter past ') minutes += 15;
  if (match[1] === 'half past ') minutes += 30;
  if (match[1] === 'quarter to ') minutes -= 15;
  const tail = match[3]?.trim();
  if (tail && tail !== "o'clock") {
    const words = tail.replace(/^oh /, '');
    const value = Array.from({ length: 60 }, (_, index) => index).find((candidate) => numberWords(candidate) === words);
    minutes += value!;
  }
  minutes = (minutes + 24 * 60) % (24 * 60);
  return formatTime(Math.floor(minutes / 60), minutes % 60);
}

describe('values in words', () => {
  it('writes numbers', () => {
    expect([0, 7, 13, 20, 25, 99, 100, 342].map(numberWords)).toEqual([
      'zero',
      'seven',
      'thirteen',
      'twenty',
      'twenty-five',
      'ninety-nine',
      'one hundred',
      'three hundred and forty-two',
    ]);
    expect(numberWords(2.5)).toBeNull();
    expect(numberWords(-1)).toBeNull();
    expect(numberWords(1000)).toBeNull();
  });

  it('writes every time of day so that it reads back as the same 24-hour time', () => {
    const random = new Random(3);
    for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
      const time = formatTime(Math.floor(minutes / 60), minutes % 60);
      for (let repeat = 0; repeat < 4; repeat++) expect(readTime(timeWords(time, random)!), time).toBe(time);
    }
    expect(timeWords('24:00', random)).toBeNull();
    expect(parseTime('7:05')).toEqual([7, 5]);
    expect(parseTime('7:5')).toBeNull();
  });

  it('writes the world dates relative to Monday 06-02', () => {
    const random = new Random(4);
    const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const seen = new Set<string>();
    for (let repeat = 0; repeat < 30; repeat++) {
      DATES.forEach((date, offset) => {
        const phrase = dateWords(date, random)!;
        seen.add(phrase);
        const allowed = [
          `on ${weekdays[offset]}`,
          ...(offset === 0 ? ['today'] : []),
          ...(offset === 1 ? ['tomorrow'] : []),
          ...(offset === 2 ? ['the day after tomorrow'] : []),
        ];
        if (!allowed.includes(phrase))
          expect(phrase).toMatch(new RegExp(`^on june ${ORDINALS[Number(date.slice(3))]}$`));
      });
    }
    expect(seen).toContain('tomorrow');
    expect(seen).toContain('on june fifth');
    expect(dateWords('07-01', random)).toBeNull();
  });
});
