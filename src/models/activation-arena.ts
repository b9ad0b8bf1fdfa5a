/**
 * Where a block's activation buffers come from: `field` names the buffer, `length` is its size in floats. Every
 * buffer is overwritten whole by the forward pass, so a reused one (see ActivationArena) serves as well as a new one.
 */
export type BufferSource = (field: string, length: number) => Float32Array;

/** New zeroed buffers. */
export const newBuffers: BufferSource = (_field, length) => new Float32Array(length);

/**
 * Reused backing buffers for the activations of whole-batch forward passes: each pass takes views of the same
 * memory, grown when a larger batch comes, instead of allocating (and later collecting) megabytes per pass. A pass
 * is therefore valid only until the next one of the same arena.
 */
export class ActivationArena {
  private readonly buffers = new Map<string, Float32Array>();

  /** The buffers of layer `layer`. */
  layer(layer: number): BufferSource {
    return (field, length) => this.take(`${layer}/${field}`, length);
  }

  /** A view of `length` floats of the buffer named `name` (its contents are whatever the last pass left). */
  take(name: string, length: number): Float32Array {
    let buffer = this.buffers.get(name);
    if (!buffer || buffer.length < length) {
      // A quarter more than asked, so batches a little longer than the last do not reallocate every time.
      buffer = new Float32Array(Math.ceil(length * 1.25));
      this.buffers.set(name, buffer);
    }
    return buffer.subarray(0, length);
  }
}
