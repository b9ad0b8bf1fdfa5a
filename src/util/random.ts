import { createHash } from 'node:crypto';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * Derives an independent 31-bit seed from a base seed and labels (epoch, purpose, ...). Every random
 * stream of a run is named this way, so a run resumed at epoch t draws exactly what it would have drawn.
 */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  const hash = createHash('sha256')
    .update(JSON.stringify([seed, ...labels]))
    .digest();
  return hash.readUInt32LE(0) & 0x7fffffff;
}

/** A seeded random stream (xoroshiro128+). Not cryptographic. */
export class Random {
  private readonly generator: RandomGenerator;
  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed);
  }
  /** Uniform in [0, 1). */
  next(): number {
    return uniformFloat64(this.generator);
  }
  /** Uniform integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }
  /** One element, uniformly. Throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty array');
    return items[this.int(0, items.length - 1)]!;
  }
  /** Index drawn with probability ∝ weights (weights ≥ 0, not all zero). */
  categorical(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    if (!(total > 0)) throw new RangeError('categorical needs a positive total weight');
    let threshold = this.next() * total;
    for (let index = 0; index < weights.length; index++) {
      threshold -= weights[index]!;
      if (threshold < 0) return index;
    }
    return weights.length - 1;
  }
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.int(0, index);
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
  /** Standard normal draw (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** Short stable id of any JSON value (hex, 16 chars). */
export function stableId(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}
