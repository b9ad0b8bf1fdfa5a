/**
 * ROUGE-L F as the official API-Bank evaluator gets it: `Rouge().get_scores(hypothesis, reference)
 * [0]['rouge-l']['f']` of the `rouge` package (pltrdy/rouge 1.0.1), rounded to 4 decimals.
 *
 * That implementation, reproduced here:
 * - splits each text into "sentences" at every '.', drops empty pieces, squeezes whitespace, and splits
 *   sentences into words at single spaces (no lower-casing, no stemming, punctuation stays on words);
 * - is summary-level ROUGE-L with `exclusive=True`: word collections are *sets*, so m and n are the
 *   numbers of distinct words of the reference and the hypothesis, and the LCS hits are the distinct
 *   words of the union, over all sentence pairs, of each reconstructed LCS;
 * - F = 2·P·R / (P + R + 1e-8), with P = hits / n and R = hits / m.
 * A hypothesis with no sentence makes the package raise; it scores 0 here.
 */

function sentences(text: string): string[] {
  return text
    .split('.')
    .filter((piece) => piece.length > 0)
    .map((piece) =>
      piece
        .split(/\s+/)
        .filter((word) => word.length > 0)
        .join(' '),
    );
}

const words = (sentence: string): string[] => sentence.split(' ');

/** The words of one LCS of `reference` and `candidate`, reconstructed with the package's tie rule. */
function lcsWords(reference: string[], candidate: string[]): string[] {
  const rows = reference.length;
  const columns = candidate.length;
  // table[(i)(columns + 1) + j] = LCS length of reference[:i], candidate[:j]; shape (rows + 1) × (columns + 1).
  const table = new Int32Array((rows + 1) * (columns + 1));
  const cell = (i: number, j: number) => i * (columns + 1) + j;
  for (let i = 1; i <= rows; i++) {
    for (let j = 1; j <= columns; j++) {
      table[cell(i, j)] =
        reference[i - 1] === candidate[j - 1]
          ? table[cell(i - 1, j - 1)]! + 1
          : Math.max(table[cell(i - 1, j)]!, table[cell(i, j - 1)]!);
    }
  }
  const found: string[] = [];
  let i = rows;
  let j = columns;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      found.push(reference[i - 1]!);
      i--;
      j--;
    } else if (table[cell(i - 1, j)]! > table[cell(i, j - 1)]!) i--;
    else j--;
  }
  return found.reverse();
}

/** Unrounded ROUGE-L F in [0, 1] of `hypothesis` against `reference` (the package's `rouge-l` `f`). */
export function rougeLF(hypothesis: string, reference: string): number {
  const evaluated = sentences(hypothesis);
  const referenced = sentences(reference);
  if (evaluated.length === 0 || referenced.length === 0) return 0;
  const referenceCount = new Set(referenced.flatMap(words)).size;
  const evaluatedCount = new Set(evaluated.flatMap(words)).size;
  const union = new Set<string>();
  for (const referenceSentence of referenced) {
    for (const evaluatedSentence of evaluated)
      for (const word of lcsWords(words(referenceSentence), words(evaluatedSentence))) union.add(word);
  }
  const hits = union.size;
  const recall = hits / referenceCount;
  const precision = hits / evaluatedCount;
  return 2 * ((precision * recall) / (precision + recall + 1e-8));
}

/** The official per-turn score: `round(rougeLF, 4)`; an empty answer scores 0 as in the official loop. */
export function officialRougeL(hypothesis: string, reference: string): number {
  if (hypothesis.length === 0) return 0;
  return Math.round(rougeLF(hypothesis, reference) * 10_000) / 10_000;
}
