/**
 * The known name a mistyped one most likely meant, for errors that say "did you mean …?": the nearest by edit
 * distance, when it is near enough to be a typo rather than another word.
 */

/**
 * The optimal-string-alignment distance between two names: the fewest insertions, deletions, substitutions and swaps
 * of two adjacent characters that turn `from` into `to` (`alpah` → `alpha` is 1). Case counts (`kmin` → `kMin` is 1).
 * An integer from 0 to the longer name's length. Pure.
 */
export function editDistance(from: string, to: string): number {
  // rows[i][j]: the distance between the first i characters of `from` and the first j of `to`.
  const rows = Array.from({ length: from.length + 1 }, (_, i) =>
    Array.from({ length: to.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= from.length; i++) {
    for (let j = 1; j <= to.length; j++) {
      const substitution = from[i - 1] === to[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + substitution);
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[from.length]![to.length]!;
}

/**
 * The name of `known` nearest `name` (the first of equals, in `known`'s order), when at most a quarter of the longer
 * name's characters (at least one) differ; undefined when none is that near, or when `name` is itself known.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  if (known.includes(name)) return undefined;
  let nearest: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    const allowed = Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 4));
    if (distance <= allowed && (nearest === undefined || distance < nearest.distance))
      nearest = { name: candidate, distance };
  }
  return nearest?.name;
}
