/**
 * What the success predictor reads of a task type: the n-grams of the words of its compact text (the text a simulator
 * writes: `role,not team,any role,city`), between a start and an end mark so that what opens and closes a spec counts
 * apart, and each of its features as a value (`clauses=4`). Words are runs of letters, digits, `_` and `$`, the rest
 * separates them, so the keys are the same for any domain's compact text. Pure functions.
 */

/** The mark before a spec's first word and after its last. */
const START = '<s>';
const END = '</s>';

/** The words of a compact text: runs of letters, digits, `_` and `$` (`f:role,team|x2` → f, role, team, x2). */
export const specWords = (text: string): string[] => text.match(/[\p{L}\p{N}_$]+/gu) ?? [];

/**
 * The feature keys of a task type: every n-gram of orders 1 … `order` (≥ 1) of its words between the start and end
 * marks (`w:not team`; the marks alone are no key), then `f:<name>=<value>` for each of its features in name order.
 */
export function taskTypeKeys(text: string, features: Readonly<Record<string, number>>, order: number): string[] {
  const words = [START, ...specWords(text), END];
  const keys: string[] = [];
  for (let length = 1; length <= order; length++)
    for (let start = 0; start + length <= words.length; start++) {
      const gram = words.slice(start, start + length);
      if (length === 1 && (gram[0] === START || gram[0] === END)) continue;
      keys.push(`w:${gram.join(' ')}`);
    }
  for (const name of Object.keys(features).sort()) keys.push(`f:${name}=${features[name]}`);
  return keys;
}
