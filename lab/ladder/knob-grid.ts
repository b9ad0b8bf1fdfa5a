/**
 * The grid of a domain's difficulty knobs: every combination of knob values (a cell), its rung (the sum of each
 * knob's position among its values, so 0 is the easiest cell), and fresh instances of a cell.
 */
import { deriveSeed, type Domain, type TaskInstance } from '../../src/index.ts';
import { knobCells as knobCellsOf } from '../../src/internal.ts';

/** One combination of knob values. */
export type Cell = Record<string, string | number>;

/** Every combination of the domain's knob values, the first knob varying slowest. */
export const knobCells = (domain: Domain): Cell[] => knobCellsOf(domain.knobs);

/**
 * The rung of a cell: the domain's difficulty of a spec drawn in it, rounded (the knobs decide a spec's difficulty,
 * not the fields a cell leaves to the draw); the sum of each knob's position among its values where no spec can be
 * drawn.
 */
export function cellRung(domain: Domain, cell: Cell): number {
  const spec = domain.specFromKnobs(cell, 0);
  const difficulty = spec.ok ? domain.features(spec.value).difficulty : undefined;
  if (difficulty !== undefined) return Math.round(difficulty);
  return domain.knobs.reduce((sum, knob) => sum + Math.max(0, knob.values.indexOf(cell[knob.name]!)), 0);
}

/** The rung of a spec, through the domain's knob values of it; null when the domain cannot tell. */
export function specRung(domain: Domain, spec: unknown): number | null {
  const values = domain.knobValuesOf?.(spec);
  return values ? cellRung(domain, values) : null;
}

/** `count` instances of one cell, each of its own spec drawn from the cell (one variation per spec). */
export function cellInstances(domain: Domain, cell: Cell, count: number, seed: number): TaskInstance[] {
  const instances: TaskInstance[] = [];
  for (let index = 0; instances.length < count && index < count * 4; index++) {
    const spec = domain.specFromKnobs(cell, deriveSeed(seed, 'cell-spec', index));
    if (!spec.ok) continue;
    const built = domain.instantiate(spec.value, 1, deriveSeed(seed, 'cell-instance', index));
    if (built.ok) instances.push(built.instances[0]!);
  }
  return instances;
}
