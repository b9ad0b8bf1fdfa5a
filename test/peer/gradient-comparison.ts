/** Per-tensor agreement of two gradients in genenv's flat layout, and the raw value files torch_reference.py writes. */
import { readFileSync } from 'node:fs';
import type { TensorSlot } from '../../src/models/parameters.ts';

/** How far one tensor of a gradient is from a reference's. */
export interface TensorAgreement {
  name: string;
  /** max |reference| over the tensor. */
  largest: number;
  /** max |value − reference|. */
  largestError: number;
  /** largestError / largest (0 when both are all zero). */
  relative: number;
  /** cos(value, reference) (1 when both are all zero). */
  cosine: number;
}

/** A float32 ('.f32') or float64 (otherwise) little-endian file as doubles. */
export function readValues(path: string): Float64Array {
  const bytes = readFileSync(path);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return path.endsWith('.f32') ? Float64Array.from(new Float32Array(copy.buffer)) : new Float64Array(copy.buffer);
}

/** Each tensor's agreement of `values` with `reference`, both in genenv's flat layout. */
export function compareTensors(
  slots: readonly TensorSlot[],
  values: ArrayLike<number>,
  reference: ArrayLike<number>,
): TensorAgreement[] {
  if (values.length !== reference.length)
    throw new RangeError(`${values.length} values against ${reference.length} reference values`);
  return slots.map((slot) => {
    let largest = 0;
    let largestError = 0;
    let dot = 0;
    let valueSquares = 0;
    let referenceSquares = 0;
    for (let index = slot.offset; index < slot.offset + slot.size; index++) {
      const value = values[index]!;
      const expected = reference[index]!;
      largest = Math.max(largest, Math.abs(expected));
      largestError = Math.max(largestError, Math.abs(value - expected));
      dot += value * expected;
      valueSquares += value * value;
      referenceSquares += expected * expected;
    }
    const bothZero = valueSquares === 0 && referenceSquares === 0;
    return {
      name: slot.name,
      largest,
      largestError,
      relative: bothZero ? 0 : largestError / largest,
      cosine: bothZero ? 1 : dot / Math.sqrt(valueSquares * referenceSquares),
    };
  });
}

/** The largest |a − b| of two equal-length arrays. */
export function largestDifference(first: ArrayLike<number>, second: ArrayLike<number>): number {
  if (first.length !== second.length) throw new RangeError(`${first.length} values against ${second.length}`);
  let largest = 0;
  for (let index = 0; index < first.length; index++)
    largest = Math.max(largest, Math.abs(first[index]! - second[index]!));
  return largest;
}

/** A number in 3 significant digits, exponent form below 0.01. */
export function figure(value: number): string {
  return value !== 0 && Math.abs(value) < 0.01 ? value.toExponential(2) : value.toPrecision(3);
}
