import { Random } from '../util/random.ts';

/**
 * Which of `count` items (seed-task instances) the warm start holds out to decide its length: round(fraction·count)
 * of them, drawn without replacement by `seed`, and never all of them (one is always left to train on). Pure.
 */
export function validationIndices(count: number, fraction: number, seed: number): Set<number> {
  const share = Math.min(1, Math.max(0, fraction));
  const size = Math.min(Math.max(0, count - 1), Math.round(share * count));
  if (size === 0) return new Set();
  const order = new Random(seed).shuffle(Array.from({ length: count }, (_, index) => index));
  return new Set(order.slice(0, size));
}
