import type { TokenBatch } from './transformer.ts';

/** A token sequence whose loss covers positions ≥ `lossStart` (prompt ⧺ response: lossStart = prompt length). */
export interface ScoredSequence {
  tokens: number[];
  lossStart: number;
}

/** A right-padded batch and, per sequence, the rows that predict its scored tokens (in order). */
export interface PackedBatch {
  batch: TokenBatch;
  scoredRows: number[][];
}

/**
 * Packs sequences for teacher forcing: row t of sequence b reads token t and predicts token t+1; only
 * predictions of tokens at index ≥ lossStart get a target. Shapes: tokens/targets [sequences, longest − 1].
 */
export function packSequences(sequences: readonly ScoredSequence[]): PackedBatch {
  const length = Math.max(1, ...sequences.map((sequence) => sequence.tokens.length - 1));
  const count = sequences.length;
  const tokens = new Int32Array(count * length);
  const targets = new Int32Array(count * length).fill(-1);
  const scoredRows: number[][] = [];
  sequences.forEach((sequence, index) => {
    const rows: number[] = [];
    for (let position = 0; position + 1 < sequence.tokens.length; position++) {
      tokens[index * length + position] = sequence.tokens[position]!;
      if (position + 1 >= Math.max(1, sequence.lossStart)) {
        targets[index * length + position] = sequence.tokens[position + 1]!;
        rows.push(index * length + position);
      }
    }
    scoredRows.push(rows);
  });
  return { batch: { batch: count, length, tokens, targets }, scoredRows };
}
