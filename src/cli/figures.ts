/** A figure as printed: at most `digits` decimals, no trailing zeros (0.7333333333333333 → 0.733, 0.5 → 0.5). */
export function figure(value: number, digits = 3): string {
  return Number.isFinite(value) ? String(Number(value.toFixed(digits))) : String(value);
}

/** Held-out accuracies as printed: `test-id 0.317, test-hard 0.017`, or `none` when there are none. */
export function accuracyText(accuracies: Readonly<Record<string, number>>): string {
  const entries = Object.entries(accuracies);
  return entries.length === 0 ? 'none' : entries.map(([set, value]) => `${set} ${figure(value)}`).join(', ');
}
