import { describe, expect, it } from 'vitest';
import type { Random } from '../util/random.ts';
import { drawHeldOutSets } from './held-out-sets.ts';

// A "distribution" here is the offset of the drawn spec: test-id draws 0–9, test-hard 100–109.
const plan = (seed: number, size: number) => ({
  seed,
  version: 'v1',
  size,
  testId: 0,
  testHard: 100,
  drawSpec: (offset: number, random: Random) => offset + random.int(0, 9),
  instantiateOne: (spec: number, instanceSeed: number) => ({
    id: `${spec}-${instanceSeed}`,
    family: 'f',
    features: {},
    payload: spec,
  }),
});

describe('drawHeldOutSets', () => {
  it('draws each set from its own stream: same seed, same sets; a larger size extends, never reshuffles', () => {
    const small = drawHeldOutSets(plan(7, 3));
    const again = drawHeldOutSets(plan(7, 3));
    const large = drawHeldOutSets(plan(7, 5));
    expect(again).toEqual(small);
    expect(small.map((set) => [set.name, set.version, set.instances.length])).toEqual([
      ['test-id', 'v1', 3],
      ['test-hard', 'v1', 3],
    ]);
    expect(large[0]!.instances.slice(0, 3)).toEqual(small[0]!.instances);
    expect(small[1]!.instances.every((item) => item.payload >= 100)).toBe(true);
    expect(drawHeldOutSets(plan(8, 3))).not.toEqual(small);
  });
});
