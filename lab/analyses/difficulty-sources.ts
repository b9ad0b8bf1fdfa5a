/**
 * Which fields of a task spec decide how hard the agent finds it. The simulator can steer only along the fields it
 * writes; when one field (toolworld's intent, say) explains nearly all of p̂ across task types and the others
 * explain none, a curriculum can only choose among values of that field. Each field's share is the adjusted η²
 * (ε²) of a one-way analysis of variance of p̂ grouped by the field's level, so a field with many levels is not
 * credited for fitting noise.
 */

/** One task type: its spec and the agent's success rate on it. */
export interface SpecOutcome {
  spec: unknown;
  /** p̂ in [0, 1]. */
  successRate: number;
}

/** How much of the variance of p̂ across task types one field (or all of them together) explains. */
export interface FieldShare {
  field: string;
  /** Distinct levels the field took. */
  levels: number;
  /** ε² in [0, 1] (negative estimates reported as 0); null when p̂ does not vary or every task type is its own level. */
  share: number | null;
}

/** Name of the row that groups task types by all their fields' levels at once. */
export const ALL_FIELDS = 'all fields';

/**
 * The level a field's value is grouped by: a list by its length (how many distractors, not which), an object by
 * its number of keys (how many slots are fixed), anything else as written.
 */
export function fieldLevel(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} items`;
  if (value !== null && typeof value === 'object') return `${Object.keys(value).length} keys`;
  return String(value);
}

/**
 * Adjusted η² of `values` grouped by `groups` (same length): (SS_between − (k − 1)·MS_within) / SS_total, clamped
 * at 0; null when the values do not vary or there are no degrees of freedom left within groups (N ≤ k).
 */
export function explainedShare(values: readonly number[], groups: readonly string[]): number | null {
  if (values.length !== groups.length) throw new RangeError('values and groups differ in length');
  const count = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, count);
  const total = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  const members = new Map<string, number[]>();
  values.forEach((value, index) => {
    const key = groups[index]!;
    const list = members.get(key) ?? [];
    list.push(value);
    members.set(key, list);
  });
  const levels = members.size;
  if (count === 0 || total === 0 || count <= levels) return null;
  let within = 0;
  for (const list of members.values()) {
    const groupMean = list.reduce((sum, value) => sum + value, 0) / list.length;
    within += list.reduce((sum, value) => sum + (value - groupMean) ** 2, 0);
  }
  const meanSquareWithin = within / (count - levels);
  return Math.min(1, Math.max(0, (total - within - (levels - 1) * meanSquareWithin) / total));
}

/**
 * ε² of p̂ for every top-level field of the specs (specs that are not objects count as one field, `spec`), in the
 * order fields first appear, then for all fields together (ALL_FIELDS).
 */
export function difficultySources(records: readonly SpecOutcome[]): FieldShare[] {
  const fields: string[] = [];
  const levelsOf = (spec: unknown): Record<string, string> => {
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return { spec: fieldLevel(spec) };
    return Object.fromEntries(Object.entries(spec).map(([field, value]) => [field, fieldLevel(value)]));
  };
  const levels = records.map((record) => levelsOf(record.spec));
  for (const row of levels) for (const field of Object.keys(row)) if (!fields.includes(field)) fields.push(field);
  const values = records.map((record) => record.successRate);
  const share = (field: string, groups: string[]): FieldShare => ({
    field,
    levels: new Set(groups).size,
    share: explainedShare(values, groups),
  });
  return [
    ...fields.map((field) =>
      share(
        field,
        levels.map((row) => row[field] ?? '(absent)'),
      ),
    ),
    share(
      ALL_FIELDS,
      levels.map((row) => JSON.stringify(fields.map((field) => row[field] ?? '(absent)'))),
    ),
  ];
}
