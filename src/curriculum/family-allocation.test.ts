import { describe, expect, it } from 'vitest';
import { allocateCounts, familyShares, priorShares } from './family-allocation.ts';

const seedCounts = new Map([
  ['alarms', 10],
  ['orders', 30],
  ['weather', 20],
]);

describe('family shares (the environment policy’s choice of family)', () => {
  it('equal rewards, or none, give the seed-count prior', () => {
    const prior = priorShares(seedCounts);
    expect([...prior.values()]).toEqual([10 / 60, 30 / 60, 20 / 60]);
    const equal = familyShares(seedCounts, new Map([...seedCounts.keys()].map((family) => [family, 0.4])), 0.5);
    for (const [family, share] of equal) expect(share).toBeCloseTo(prior.get(family)!, 12);
    const none = familyShares(seedCounts, new Map(), 0.5);
    for (const [family, share] of none) expect(share).toBeCloseTo(prior.get(family)!, 12);
  });

  it('moves each family’s odds over its prior by exp(R̄ / τ), never beyond exp(1 / τ)', () => {
    const rewards = new Map([
      ['alarms', 1],
      ['orders', 0],
      ['weather', 0.5],
    ]);
    const shares = familyShares(seedCounts, rewards, 0.5);
    const odds = (family: string) => shares.get(family)! / seedCounts.get(family)!;
    expect(odds('alarms') / odds('orders')).toBeCloseTo(Math.exp(2), 10);
    expect(odds('weather') / odds('orders')).toBeCloseTo(Math.exp(1), 10);
    expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 12);
  });

  it('stays finite at a tiny temperature and gives an unmeasured family the mean of the measured ones', () => {
    const sharp = familyShares(
      seedCounts,
      new Map([
        ['alarms', 0.9],
        ['orders', 0.1],
      ]),
      1e-4,
    );
    for (const share of sharp.values()) expect(Number.isFinite(share)).toBe(true);
    expect(sharp.get('alarms')).toBeCloseTo(1, 9);
    const partial = familyShares(
      seedCounts,
      new Map([
        ['alarms', 0.2],
        ['orders', 0.6],
      ]),
      1,
    );
    const odds = (family: string) => partial.get(family)! / seedCounts.get(family)!;
    expect(odds('weather') / odds('alarms')).toBeCloseTo(Math.exp(0.2), 10);
    expect(() => familyShares(seedCounts, new Map(), 0)).toThrow(RangeError);
  });
});

describe('systematic allocation of an epoch’s contexts', () => {
  const shares = new Map([
    ['a', 0.13],
    ['b', 0.5],
    ['c', 0.37],
  ]);
  it('gives each family ⌊total·share⌋ or one more, summing to the total', () => {
    for (const offset of [0, 0.01, 0.37, 0.5, 0.99]) {
      const counts = allocateCounts(shares, 64, offset);
      expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(64);
      for (const [family, count] of counts) {
        const expected = 64 * shares.get(family)!;
        expect(count === Math.floor(expected) || count === Math.ceil(expected)).toBe(true);
      }
    }
  });

  it('is unbiased: averaged over offsets, a family gets total·share', () => {
    const grid = 1000;
    const sums = new Map([...shares.keys()].map((family) => [family, 0]));
    for (let step = 0; step < grid; step++) {
      for (const [family, count] of allocateCounts(shares, 10, (step + 0.5) / grid)) {
        sums.set(family, sums.get(family)! + count);
      }
    }
    for (const [family, sum] of sums) expect(sum / grid).toBeCloseTo(10 * shares.get(family)!, 2);
  });

  it('gives a family with share 0 nothing', () => {
    const counts = allocateCounts(
      new Map([
        ['a', 0],
        ['b', 1],
        ['c', 0],
      ]),
      7,
      0.999,
    );
    expect(Object.fromEntries(counts)).toEqual({ a: 0, b: 7, c: 0 });
  });
});
