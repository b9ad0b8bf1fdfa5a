import { describe, expect, it } from 'vitest';
import { drawHeldOutSets } from './held-out-sets.ts';
import type { Random } from '../util/random.ts';

const instance = (spec: number, seed: number) => ({ id: `${spec}-${seed}`, family: 'f', features: {}, payload: spec });
const draws = [
  { name: 'test-id', drawSpec: (random: Random) => random.int(0, 9) },
  { name: 'test-hard', drawSpec: (random: Random) => 100 + random.int(0, 9) },
];

describe('drawHeldOutSets', () => {
  it('draws each set from its own stream: same seed, same sets; a larger size extends, never reshuffles', () => {
    const small = drawHeldOutSets(7, 'v1', 3, draws, instance);
    const again = drawHeldOutSets(7, 'v1', 3, draws, instance);
    const large = drawHeldOutSets(7, 'v1', 5, draws, instance);
    expect(again).toEqual(small);
    expect(small.map((set) => [set.name, set.version, set.instances.length])).toEqual([
      ['test-id', 'v1', 3],
      ['test-hard', 'v1', 3],
    ]);
    expect(large[0]!.instances.slice(0, 3)).toEqual(small[0]!.instances);
    expect(small[1]!.instances.every((item) => item.payload >= 100)).toBe(true);
    expect(drawHeldOutSets(8, 'v1', 3, draws, instance)).not.toEqual(small);
  });
});
