/**
 * How a scoring pass without a backward (π_old, a KL reference, a measure after a step) is cut into batches. Each
 * sequence's scores depend on its own tokens only (every kernel computes each row of a batch alone, and a causal
 * sequence never reads the padding after it), so the cut changes the speed, never a bit: the sequences are taken
 * shortest first, so a batch pads little, in batches of at most `chunkRows` padded rows, and each batch is split in
 * two parts of about equal padded rows, one for each thread.
 */
export interface FrozenBatch {
  /** Indices of the sequences the calling thread scores, shortest first. */
  first: number[];
  /** Indices of the sequences the helper thread scores (may be empty), shortest first. */
  second: number[];
}

/**
 * The batches of a frozen scoring pass over sequences with `rows[i]` rows each (tokens − 1, at least 1 counted).
 * Every index appears once. A batch's padded rows are its count times its longest; each batch holds at most
 * `chunkRows` of them unless one sequence alone is longer. Pure.
 */
export function frozenScoringPlan(rows: readonly number[], chunkRows: number): FrozenBatch[] {
  const order = rows.map((_, index) => index).sort((a, b) => rowsOf(rows, a) - rowsOf(rows, b) || a - b);
  const batches: FrozenBatch[] = [];
  let current: number[] = [];
  for (const index of order) {
    // Shortest first: the newcomer is the batch's longest, so the batch pads to its length.
    if (current.length > 0 && (current.length + 1) * rowsOf(rows, index) > chunkRows) {
      batches.push(splitBatch(current, rows));
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) batches.push(splitBatch(current, rows));
  return batches;
}

function rowsOf(rows: readonly number[], index: number): number {
  return Math.max(1, rows[index]!);
}

/**
 * Splits a batch (shortest first) where the larger of the two parts' padded rows is least: the first k sequences
 * pad to the k-th's length, the rest to the last's.
 */
function splitBatch(batch: number[], rows: readonly number[]): FrozenBatch {
  const longest = rowsOf(rows, batch[batch.length - 1]!);
  let best = batch.length;
  let bestCost = batch.length * longest;
  for (let split = 1; split < batch.length; split++) {
    const cost = Math.max(split * rowsOf(rows, batch[split - 1]!), (batch.length - split) * longest);
    if (cost < bestCost) {
      best = split;
      bestCost = cost;
    }
  }
  return { first: batch.slice(0, best), second: batch.slice(best) };
}
