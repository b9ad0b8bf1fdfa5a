/**
 * A signal between two threads in one Int32 slot of shared memory: one thread raises it, the other waits for it.
 * The waiter spins first and sleeps only after `spinMilliseconds`: a thread asleep in Atomics.wait took 0.2–0.5 ms
 * to wake on a 2-core virtual machine (measured between the two halves of a training step), as long as one of the
 * step's matrix products, while a hand-off between the two halves of a step comes within about a millisecond.
 */

/** The slots of a request/reply pair: the main thread raises REQUEST after posting a request, the worker REPLY. */
export const REPLY = 0;
export const REQUEST = 1;

/** How long a waiter spins before it sleeps (ms): longer than a training step's hand-offs, short enough to idle. */
export const spinMilliseconds = 2;

/** Raises slot `slot` of `flag` and wakes a thread asleep on it. */
export function raise(flag: Int32Array, slot: number): void {
  Atomics.store(flag, slot, 1);
  Atomics.notify(flag, slot);
}

/** Lowers slot `slot` of `flag` (before the work whose end will raise it again). */
export function lower(flag: Int32Array, slot: number): void {
  Atomics.store(flag, slot, 0);
}

/** Blocks until slot `slot` of `flag` is raised: spins up to `spin` ms, then sleeps in Atomics.wait. */
export function awaitRaised(flag: Int32Array, slot: number, spin = spinMilliseconds): void {
  if (Atomics.load(flag, slot) !== 0) return;
  const deadline = performance.now() + spin;
  while (Atomics.load(flag, slot) === 0) {
    if (performance.now() >= deadline) {
      while (Atomics.load(flag, slot) === 0) Atomics.wait(flag, slot, 0, 1000);
      return;
    }
  }
}
