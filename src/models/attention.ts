/**
 * Causal multi-head attention with rotary positions, forward and backward, on [rows, width] arrays
 * where row = sequence · length + position and head h owns columns h·headWidth … (h+1)·headWidth − 1.
 */

import type {
  ApplyRotary,
  CachedAttention,
  CausalAttentionBackward,
  CausalAttentionForward,
  RotaryTable,
} from './kernel-interface.ts';

export type { RotaryTable } from './kernel-interface.ts';

export function rotaryTable(positions: number, headWidth: number, base: number): RotaryTable {
  const half = headWidth / 2;
  const cos = new Float32Array(positions * half);
  const sin = new Float32Array(positions * half);
  for (let position = 0; position < positions; position++) {
    for (let pair = 0; pair < half; pair++) {
      const angle = position * base ** ((-2 * pair) / headWidth);
      cos[position * half + pair] = Math.cos(angle);
      sin[position * half + pair] = Math.sin(angle);
    }
  }
  return { cos, sin, half };
}

/**
 * Rotates interleaved pairs (2i, 2i+1) of every head in place (the original Llama / llama.cpp layout).
 * `positions[row]` is each row's position; direction −1 applies the inverse rotation (for backward).
 */
export const applyRotary: ApplyRotary = (x, rows, width, headWidth, table, positions, direction) => {
  const half = table.half;
  for (let row = 0; row < rows; row++) {
    const tableBase = positions[row]! * half;
    const rowBase = row * width;
    for (let headStart = 0; headStart < width; headStart += headWidth) {
      for (let pair = 0; pair < half; pair++) {
        const cos = table.cos[tableBase + pair]!;
        const sin = direction * table.sin[tableBase + pair]!;
        const first = rowBase + headStart + 2 * pair;
        const even = x[first]!;
        const odd = x[first + 1]!;
        x[first] = even * cos - odd * sin;
        x[first + 1] = even * sin + odd * cos;
      }
    }
  }
};

/**
 * Reference version with plain loops (slow; the matrix-kernel version in attention-kernels.ts is tested
 * against it). out[b,t] = Σ_{s≤t} softmax_s(q_t·k_s/√dh) v_s per head.
 * probabilities: [batch, heads, length, length]
 * (only s ≤ t written), kept for backward.
 */
export const causalAttentionForwardLoops: CausalAttentionForward = (
  q,
  k,
  v,
  out,
  probabilities,
  batch,
  length,
  heads,
  headWidth,
) => {
  const width = heads * headWidth;
  const scale = 1 / Math.sqrt(headWidth);
  for (let sequence = 0; sequence < batch; sequence++) {
    for (let head = 0; head < heads; head++) {
      const column = head * headWidth;
      for (let t = 0; t < length; t++) {
        const queryBase = (sequence * length + t) * width + column;
        const probabilityBase = ((sequence * heads + head) * length + t) * length;
        let largest = -Infinity;
        for (let s = 0; s <= t; s++) {
          const keyBase = (sequence * length + s) * width + column;
          let dot = 0;
          for (let j = 0; j < headWidth; j++) dot += q[queryBase + j]! * k[keyBase + j]!;
          dot *= scale;
          probabilities[probabilityBase + s] = dot;
          if (dot > largest) largest = dot;
        }
        let total = 0;
        for (let s = 0; s <= t; s++) {
          const weight = Math.exp(probabilities[probabilityBase + s]! - largest);
          probabilities[probabilityBase + s] = weight;
          total += weight;
        }
        const outBase = (sequence * length + t) * width + column;
        for (let j = 0; j < headWidth; j++) out[outBase + j] = 0;
        for (let s = 0; s <= t; s++) {
          const weight = probabilities[probabilityBase + s]! / total;
          probabilities[probabilityBase + s] = weight;
          const valueBase = (sequence * length + s) * width + column;
          for (let j = 0; j < headWidth; j++) out[outBase + j] = out[outBase + j]! + weight * v[valueBase + j]!;
        }
      }
    }
  }
};

/** Backward of causalAttentionForwardLoops: writes dq, dk, dv (w.r.t. the rotated q, k) from dOut. */
export const causalAttentionBackwardLoops: CausalAttentionBackward = (
  q,
  k,
  v,
  probabilities,
  dOut,
  dq,
  dk,
  dv,
  batch,
  length,
  heads,
  headWidth,
) => {
  const width = heads * headWidth;
  const scale = 1 / Math.sqrt(headWidth);
  dq.fill(0);
  dk.fill(0);
  dv.fill(0);
  const dProbability = new Float32Array(length);
  for (let sequence = 0; sequence < batch; sequence++) {
    for (let head = 0; head < heads; head++) {
      const column = head * headWidth;
      for (let t = 0; t < length; t++) {
        const rowBase = (sequence * length + t) * width + column;
        const probabilityBase = ((sequence * heads + head) * length + t) * length;
        let weighted = 0;
        for (let s = 0; s <= t; s++) {
          const valueBase = (sequence * length + s) * width + column;
          const probability = probabilities[probabilityBase + s]!;
          let dot = 0;
          for (let j = 0; j < headWidth; j++) {
            dot += dOut[rowBase + j]! * v[valueBase + j]!;
            dv[valueBase + j] = dv[valueBase + j]! + probability * dOut[rowBase + j]!;
          }
          dProbability[s] = dot;
          weighted += probability * dot;
        }
        for (let s = 0; s <= t; s++) {
          const dScore = probabilities[probabilityBase + s]! * (dProbability[s]! - weighted) * scale;
          if (dScore === 0) continue;
          const keyBase = (sequence * length + s) * width + column;
          for (let j = 0; j < headWidth; j++) {
            dq[rowBase + j] = dq[rowBase + j]! + dScore * k[keyBase + j]!;
            dk[keyBase + j] = dk[keyBase + j]! + dScore * q[rowBase + j]!;
          }
        }
      }
    }
  }
};

/**
 * Attention of one new row per sequence over that sequence's key/value cache: row r belongs to cache
 * slot `sequences[r]`, sits at position `positions[r]` and attends to cached positions 0 … positions[r]
 * (its own key and value already written there). keys, values: [slots, cacheLength, width]; query and
 * attended: [rows, width].
 */
export const cachedAttention: CachedAttention = (...args) => {
  const [query, keys, values, attended, sequences, positions, cacheLength, heads, headWidth] = args;
  const width = heads * headWidth;
  const scale = 1 / Math.sqrt(headWidth);
  const scores = new Float32Array(cacheLength);
  for (let row = 0; row < sequences.length; row++) {
    const at = positions[row]!;
    const cacheBase = sequences[row]! * cacheLength * width;
    for (let head = 0; head < heads; head++) {
      const column = head * headWidth;
      let largest = -Infinity;
      for (let s = 0; s <= at; s++) {
        let dot = 0;
        const keyBase = cacheBase + s * width + column;
        for (let j = 0; j < headWidth; j++) dot += query[row * width + column + j]! * keys[keyBase + j]!;
        scores[s] = dot * scale;
        if (scores[s]! > largest) largest = scores[s]!;
      }
      let total = 0;
      for (let s = 0; s <= at; s++) {
        scores[s] = Math.exp(scores[s]! - largest);
        total += scores[s]!;
      }
      const outBase = row * width + column;
      for (let j = 0; j < headWidth; j++) attended[outBase + j] = 0;
      for (let s = 0; s <= at; s++) {
        const weight = scores[s]! / total;
        const valueBase = cacheBase + s * width + column;
        for (let j = 0; j < headWidth; j++)
          attended[outBase + j] = attended[outBase + j]! + weight * values[valueBase + j]!;
      }
    }
  }
};
