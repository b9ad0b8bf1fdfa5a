/** Helpers between per-sequence arrays ([sequences][tokens]) and flat token arrays ([Σ tokens]). */

export function flatten(perSequence: readonly Float32Array[]): Float32Array {
  const total = perSequence.reduce((sum, values) => sum + values.length, 0);
  const flat = new Float32Array(total);
  let offset = 0;
  for (const values of perSequence) {
    flat.set(values, offset);
    offset += values.length;
  }
  return flat;
}

export function unflatten(flat: Float32Array, lengths: readonly number[]): Float32Array[] {
  const out: Float32Array[] = [];
  let offset = 0;
  for (const length of lengths) {
    out.push(flat.slice(offset, offset + length));
    offset += length;
  }
  return out;
}

/** One value per sequence repeated over its tokens. */
export function broadcast(values: readonly number[], lengths: readonly number[]): Float32Array {
  return flatten(lengths.map((length, index) => new Float32Array(length).fill(values[index]!)));
}

/**
 * Minibatches of whole groups: `groups[g]` lists the indices of group g, `order` is the group order.
 * Groups are packed until a batch holds at least `size` indices; a group is never split, so the
 * rollouts of one prompt (whose advantages sum to zero) meet in the same optimiser step and their
 * shared tokens cancel instead of being pushed down in one step and up in the next.
 */
export function groupMinibatches(
  groups: readonly (readonly number[])[],
  order: readonly number[],
  size: number,
): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  for (const group of order) {
    current.push(...groups[group]!);
    if (current.length >= Math.max(1, size)) {
      batches.push(current);
      current = [];
    }
  }
  if (current.length) batches.push(current);
  return batches;
}

/** Shuffled minibatches of indices 0..count-1 (order from `shuffle`). */
export function minibatches(order: readonly number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < order.length; start += Math.max(1, size))
    batches.push(order.slice(start, start + Math.max(1, size)));
  return batches;
}
