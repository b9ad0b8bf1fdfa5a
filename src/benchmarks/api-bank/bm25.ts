/**
 * BM25 Okapi scores as the `rank_bm25` package computes them (k1 = 1.5, b = 0.75, ε = 0.25):
 * idf = ln(N − n + 0.5) − ln(n + 0.5), negative idf replaced by ε · mean idf, and
 * score(d, q) = Σ_{t ∈ q} idf(t) · f(t, d)(k1 + 1) / (f(t, d) + k1(1 − b + b·|d|/avgdl)).
 * Query terms absent from the corpus contribute 0. Returns one score per document, in corpus order.
 */
export function bm25Scores(
  corpus: readonly (readonly string[])[],
  query: readonly string[],
  k1 = 1.5,
  b = 0.75,
  epsilon = 0.25,
): number[] {
  const documentCount = corpus.length;
  if (documentCount === 0) return [];
  const lengths = corpus.map((document) => document.length);
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / documentCount;
  const frequencies = corpus.map((document) => {
    const counts = new Map<string, number>();
    for (const term of document) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const documentFrequency = new Map<string, number>();
  for (const counts of frequencies)
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  let idfSum = 0;
  const negative: string[] = [];
  for (const [term, count] of documentFrequency) {
    const value = Math.log(documentCount - count + 0.5) - Math.log(count + 0.5);
    idf.set(term, value);
    idfSum += value;
    if (value < 0) negative.push(term);
  }
  const floor = epsilon * (idfSum / idf.size);
  for (const term of negative) idf.set(term, floor);
  return frequencies.map((counts, index) => {
    let score = 0;
    for (const term of query) {
      const frequency = counts.get(term) ?? 0;
      score +=
        (idf.get(term) ?? 0) *
        ((frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * lengths[index]!) / averageLength)));
    }
    return score;
  });
}
