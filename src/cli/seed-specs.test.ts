import { describe, expect, it } from 'vitest';
import { parseSeedSpec, worldSeedFlag } from './seed-specs.ts';

describe('parseSeedSpec', () => {
  it('reads a count as seeds 1..N', () => {
    expect(parseSeedSpec('3')).toEqual([1, 2, 3]);
    expect(parseSeedSpec('1')).toEqual([1]);
  });

  it('reads lists, ranges and their mixes', () => {
    expect(parseSeedSpec('101,103,107')).toEqual([101, 103, 107]);
    expect(parseSeedSpec('101-104')).toEqual([101, 102, 103, 104]);
    expect(parseSeedSpec('101-103,110')).toEqual([101, 102, 103, 110]);
    expect(parseSeedSpec(' 5 , 0 ')).toEqual([5, 0]);
  });

  it.each([
    ['0', 'a count of seeds is from 1'],
    ['1001', 'a count of seeds is from 1'],
    ['', 'an empty item'],
    ['1,,2', 'an empty item'],
    ['5-3', 'the range 5-3 runs backwards'],
    ['1,2,1', 'seed 1 is given twice'],
    ['1-3,2', 'seed 2 is given twice'],
    ['a,b', '"a" is not a seed'],
    ['1.5,2', '"1.5" is not a seed'],
    ['-3,1', '"-3" is not a seed'],
    ['1,4294967296', '"4294967296" is not a seed'],
    ['1-5000', 'more than 1000 seeds'],
  ])('refuses %j in one line', (spec, message) => {
    expect(() => parseSeedSpec(spec)).toThrow(message);
    try {
      parseSeedSpec(spec);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('usage');
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('worldSeedFlag', () => {
  it('takes a non-negative integer and refuses anything else', () => {
    expect(worldSeedFlag('7')).toBe(7);
    expect(() => worldSeedFlag('-1')).toThrow('--world-seed expects an integer');
    expect(() => worldSeedFlag('1.5')).toThrow('--world-seed expects an integer');
    expect(() => worldSeedFlag('x')).toThrow('--world-seed expects an integer');
  });
});
