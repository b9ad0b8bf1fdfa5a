/**
 * Display names of PDDL objects, as ALFWorld's demangler gives them: `cabinet_bar__minus_01_dot_2...`
 * becomes `cabinet N`. Ids are sorted; each kind (text before the first `_bar_`, plus `basin` when the
 * id mentions one) numbers its ids from its count down to 1 in that order — which is why ALFWorld lists
 * "a cabinet 4, a cabinet 3, ...": listings follow the same sorted ids.
 */

/** Kind of an id: `sinkbasin` for `sink_bar_..._bar_sinkbasin`, `loc` for locations; null when not mangled. */
export function kindOf(id: string): string | null {
  const split = id.indexOf('_bar_');
  if (split < 0) return null;
  const kind = id.slice(0, split);
  return id.includes('basin') ? `${kind}basin` : kind;
}

/** id → display name (`apple 3`), and back. Ids without `_bar_` keep their own text as name. */
export interface NameTable {
  nameOf: ReadonlyMap<string, string>;
  idOf: ReadonlyMap<string, string>;
}

/** Names every id (order of `ids` is irrelevant: they are sorted first, as the demangler does). */
export function buildNameTable(ids: Iterable<string>): NameTable {
  const sorted = [...new Set(ids)].sort(compareIds);
  const counts = new Map<string, number>();
  for (const id of sorted) {
    const kind = kindOf(id);
    if (kind !== null) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const next = new Map(counts);
  const nameOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  for (const id of sorted) {
    const kind = kindOf(id);
    let name = id;
    if (kind !== null) {
      const number = next.get(kind)!;
      next.set(kind, number - 1);
      name = `${kind} ${number}`;
    }
    nameOf.set(id, name);
    if (!idOf.has(name)) idOf.set(name, id);
  }
  return { nameOf, idOf };
}

/** Code-point order, as Python sorts strings. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
