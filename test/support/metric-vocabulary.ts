import { metricVocabulary } from '../../src/interfaces/metrics.ts';

const vocabulary = metricVocabulary();

/** `heldout/<set>` as a pattern of the names it stands for (`heldout/test-id`, …). */
const placeholderPattern = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '.+')}$`);

const patterns = [...vocabulary.keys()]
  .filter((name) => name.includes('<'))
  .map((name) => ({ name, pattern: placeholderPattern(name) }));

/** The vocabulary's name that `column` falls under (itself, or `heldout/<set>` for `heldout/test-id`); else undefined. */
export function vocabularyNameOf(column: string): string | undefined {
  if (vocabulary.has(column)) return column;
  return patterns.find(({ pattern }) => pattern.test(column))?.name;
}
