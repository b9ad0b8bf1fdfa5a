/**
 * How every generated domain draws its fixed held-out sets: per set, its own random stream (from the domain's
 * held-out seed and the set's name) draws `size` specs, and each spec gets one instance from its own derived seed.
 * The sets are reproducible from (seed, name, size) alone, and one set's size never changes another's specs.
 */
import type { HeldOutSet } from '../interfaces/domain.ts';
import type { TaskInstance } from '../interfaces/task.ts';
import { Random, deriveSeed } from '../util/random.ts';

/** One held-out set to draw: its name and how to draw a spec from a random stream. */
export interface HeldOutDraw<Spec> {
  name: string;
  drawSpec: (random: Random) => Spec;
}

/**
 * The held-out sets, `size` instances each (one per drawn spec), named as given and versioned `version`.
 * `instantiateOne` throws when a fixed spec fails (a bug in the domain), as `heldOutInstance` does.
 */
export function drawHeldOutSets<Spec, Payload>(
  seed: number,
  version: string,
  size: number,
  draws: readonly HeldOutDraw<Spec>[],
  instantiateOne: (spec: Spec, seed: number) => TaskInstance<Payload>,
): HeldOutSet<Payload>[] {
  return draws.map(({ name, drawSpec }) => {
    const random = new Random(deriveSeed(seed, name));
    const instances = Array.from({ length: size }, (_, index) =>
      instantiateOne(drawSpec(random), deriveSeed(seed, name, index)),
    );
    return { name, version, instances };
  });
}
