/** A set of ground atoms with an index by predicate: the state of a PDDL world. */
import type { Atom } from './pddl.ts';

/** Canonical key of a ground atom: `predicate arg1 arg2`. */
export function atomKey(predicate: string, args: readonly string[]): string {
  return args.length === 0 ? predicate : `${predicate} ${args.join(' ')}`;
}

export class FactSet {
  private readonly keys = new Set<string>();
  /** predicate → (key → arguments). */
  private readonly byPredicate = new Map<string, Map<string, string[]>>();
  /** `predicate position value` → (key → arguments): facts with that argument at that position. */
  private readonly byArgument = new Map<string, Map<string, string[]>>();

  constructor(atoms: Iterable<Atom> = []) {
    for (const atom of atoms) this.add(atom.predicate, atom.args);
  }

  has(predicate: string, args: readonly string[]): boolean {
    return this.keys.has(atomKey(predicate, args));
  }

  add(predicate: string, args: readonly string[]): void {
    const key = atomKey(predicate, args);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    let bucket = this.byPredicate.get(predicate);
    if (!bucket) {
      bucket = new Map();
      this.byPredicate.set(predicate, bucket);
    }
    const stored = [...args];
    bucket.set(key, stored);
    stored.forEach((value, position) => {
      const index = `${predicate} ${position} ${value}`;
      let slot = this.byArgument.get(index);
      if (!slot) {
        slot = new Map();
        this.byArgument.set(index, slot);
      }
      slot.set(key, stored);
    });
  }

  delete(predicate: string, args: readonly string[]): void {
    const key = atomKey(predicate, args);
    if (!this.keys.delete(key)) return;
    this.byPredicate.get(predicate)?.delete(key);
    args.forEach((value, position) => {
      this.byArgument.get(`${predicate} ${position} ${value}`)?.delete(key);
    });
  }

  /**
   * Facts of `predicate` that agree with `pattern` at its set positions (undefined = any), looked up
   * through the most selective argument index. Callers still check every position.
   */
  candidates(predicate: string, pattern: readonly (string | undefined)[]): Iterable<string[]> {
    let best: Map<string, string[]> | undefined = this.byPredicate.get(predicate);
    pattern.forEach((value, position) => {
      if (value === undefined) return;
      const slot = this.byArgument.get(`${predicate} ${position} ${value}`);
      if (!slot || slot.size < (best?.size ?? Infinity)) best = slot ?? new Map();
    });
    return best?.values() ?? [];
  }

  /** Number of candidates `candidates` would give (for choosing the most constrained atom first). */
  candidateCount(predicate: string, pattern: readonly (string | undefined)[]): number {
    let count = this.byPredicate.get(predicate)?.size ?? 0;
    pattern.forEach((value, position) => {
      if (value !== undefined)
        count = Math.min(count, this.byArgument.get(`${predicate} ${position} ${value}`)?.size ?? 0);
    });
    return count;
  }

  /** Argument lists of every fact of `predicate`, in insertion order. */
  withPredicate(predicate: string): string[][] {
    return [...(this.byPredicate.get(predicate)?.values() ?? [])];
  }

  count(predicate: string): number {
    return this.byPredicate.get(predicate)?.size ?? 0;
  }

  /** Every fact as [predicate, args]. */
  *entries(): Generator<[string, string[]]> {
    for (const [predicate, bucket] of this.byPredicate) for (const args of bucket.values()) yield [predicate, args];
  }

  clone(): FactSet {
    const copy = new FactSet();
    for (const [predicate, args] of this.entries()) copy.add(predicate, args);
    return copy;
  }

  /** Sorted keys (for equality checks and snapshots). */
  snapshot(): string[] {
    return [...this.keys].sort();
  }
}
