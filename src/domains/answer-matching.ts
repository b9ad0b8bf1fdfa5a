/**
 * Agent-reward helpers (paper Eq. 1): exact match on normalised structured actions, token-F1 on
 * free-form answers. Scored on the response only.
 */

/** SQuAD-style answer normalisation: lower case, drop punctuation and articles (a, an, the), squeeze spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter((token) => token.length > 0)
    .join(' ');
}

/** 1 when the normalised strings are equal, else 0. */
export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

/**
 * SQuAD token-F1 in [0, 1] between normalised prediction and gold (bag of tokens with multiplicity).
 * Two empty answers score 1; one empty answer scores 0.
 */
export function tokenF1(prediction: string, gold: string): number {
  const predicted = normalizeAnswer(prediction).split(' ').filter(Boolean);
  const reference = normalizeAnswer(gold).split(' ').filter(Boolean);
  if (predicted.length === 0 || reference.length === 0) return predicted.length === reference.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const token of reference) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predicted.length;
  const recall = common / reference.length;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * Canonical form of a structured value for comparison: object keys sorted, strings trimmed,
 * numeric strings ("5", "5.0") and numbers compared as numbers, booleans from "true"/"false".
 */
export function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return Number(trimmed);
    if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
    return trimmed;
  }
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, normalizeValue(inner)]));
  }
  return value;
}

/** An action: a named call with arguments. */
export interface Action {
  name: string;
  arguments: Record<string, unknown>;
}

/** Deep equality of two actions after normalisation. */
export function actionsEqual(a: Action, b: Action): boolean {
  return (
    a.name === b.name && JSON.stringify(normalizeValue(a.arguments)) === JSON.stringify(normalizeValue(b.arguments))
  );
}

/**
 * How predicted actions are matched to gold actions.
 * - `sequence`: same length, same order, each equal (extra or missing calls fail).
 * - `set`: same multiset of actions in any order.
 * - `subset`: every gold action appears among the predicted ones (extra calls allowed).
 * - `any`: at least one gold action appears among the predicted ones.
 */
export type ActionMatchRule = 'sequence' | 'set' | 'subset' | 'any';

/**
 * 1 when predicted actions match gold actions under `rule`, else 0. Empty gold matches only empty predictions (except
 * `subset`).
 */
export function matchActions(predicted: readonly Action[], gold: readonly Action[], rule: ActionMatchRule): number {
  switch (rule) {
    case 'sequence':
      return predicted.length === gold.length && gold.every((action, index) => actionsEqual(action, predicted[index]!))
        ? 1
        : 0;
    case 'set': {
      if (predicted.length !== gold.length) return 0;
      return containsAll(predicted, gold) ? 1 : 0;
    }
    case 'subset':
      return containsAll(predicted, gold) ? 1 : 0;
    case 'any':
      if (gold.length === 0) return predicted.length === 0 ? 1 : 0;
      return gold.some((action) => predicted.some((candidate) => actionsEqual(candidate, action))) ? 1 : 0;
  }
}

/** Whether `pool` holds every action of `wanted`, each matched at most once. */
function containsAll(pool: readonly Action[], wanted: readonly Action[]): boolean {
  const used = new Array<boolean>(pool.length).fill(false);
  for (const action of wanted) {
    const index = pool.findIndex((candidate, position) => !used[position] && actionsEqual(candidate, action));
    if (index < 0) return false;
    used[index] = true;
  }
  return true;
}

/**
 * Partial credit of a predicted call sequence against the gold one, in [0, 1]: the F1 of matched units,
 * where every call is one unit for its name plus one per argument. Calls are aligned by position; a call
 * whose name differs from gold at its position matches nothing. Extra calls and extra arguments lower the
 * precision, missing ones the recall, so the credit is 1 exactly when the sequences are equal (the
 * `sequence` rule) and 0 when nothing matches. It gives a group of near misses distinct rewards (a right
 * tool with one wrong value scores above a wrong tool), which GRPO needs to rank them.
 */
export function partialActionCredit(predicted: readonly Action[], gold: readonly Action[]): number {
  const units = (actions: readonly Action[]) =>
    actions.reduce((sum, action) => sum + 1 + Object.keys(action.arguments).length, 0);
  const predictedUnits = units(predicted);
  const goldUnits = units(gold);
  if (predictedUnits === 0 && goldUnits === 0) return 1;
  let matched = 0;
  for (let index = 0; index < Math.min(predicted.length, gold.length); index++) {
    const guess = predicted[index]!;
    const truth = gold[index]!;
    if (guess.name !== truth.name) continue;
    matched += 1;
    for (const [name, value] of Object.entries(truth.arguments)) {
      if (!Object.hasOwn(guess.arguments, name)) continue;
      if (JSON.stringify(normalizeValue(guess.arguments[name])) === JSON.stringify(normalizeValue(value))) matched += 1;
    }
  }
  if (matched === 0) return 0;
  const precision = matched / predictedUnits;
  const recall = matched / goldUnits;
  return (2 * precision * recall) / (precision + recall);
}
