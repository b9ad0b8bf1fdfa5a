/**
 * BM25 Okapi scores as the `rank_bm25` package computes them (k1 = 1.5, b = 0.75, ε = 0.25):
 * idf = ln(N − n + 0.5) − ln(n + 0.5), negative idf replaced by ε · mean idf, and
 * score(d, q) = Σ_{t ∈ q} idf(t) · f(t, d)(k1 + 1) / (f(t, d) + k1(1 − b + b·|d|/avgdl)).
 * Query terms absent from the corpus contribute 0. Shared by API-Bank's official tools and the search
 * worlds' retriever. The `lucene` idf, ln(1 + (N − n + 0.5)/(n + 0.5)), is never negative: on a small
 * corpus a term in half the documents keeps some weight instead of none.
 */

export interface Bm25Parameters {
  k1: number;
  b: number;
  epsilon: number;
  /** `okapi` (rank_bm25's, with the ε floor) or `lucene` (always positive, no floor needed). */
  idf: 'okapi' | 'lucene';
}

const DEFAULTS: Bm25Parameters = { k1: 1.5, b: 0.75, epsilon: 0.25, idf: 'okapi' };

/** A corpus of tokenised documents with its term statistics computed once; `scores` answers each query. */
export class Bm25Index {
  private readonly lengths: number[];
  private readonly averageLength: number;
  private readonly frequencies: Map<string, number>[];
  private readonly idf = new Map<string, number>();
  private readonly parameters: Bm25Parameters;

  constructor(corpus: readonly (readonly string[])[], parameters: Partial<Bm25Parameters> = {}) {
    this.parameters = { ...DEFAULTS, ...parameters };
    const documentCount = corpus.length;
    this.lengths = corpus.map((document) => document.length);
    this.averageLength =
      documentCount === 0 ? 0 : this.lengths.reduce((sum, length) => sum + length, 0) / documentCount;
    this.frequencies = corpus.map((document) => {
      const counts = new Map<string, number>();
      for (const term of document) counts.set(term, (counts.get(term) ?? 0) + 1);
      return counts;
    });
    const documentFrequency = new Map<string, number>();
    for (const counts of this.frequencies)
      for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    let idfSum = 0;
    const negative: string[] = [];
    for (const [term, count] of documentFrequency) {
      const value =
        this.parameters.idf === 'lucene'
          ? Math.log(1 + (documentCount - count + 0.5) / (count + 0.5))
          : Math.log(documentCount - count + 0.5) - Math.log(count + 0.5);
      this.idf.set(term, value);
      idfSum += value;
      if (value < 0) negative.push(term);
    }
    const floor = this.parameters.epsilon * (idfSum / this.idf.size);
    for (const term of negative) this.idf.set(term, floor);
  }

  /** One score per document, in corpus order (an empty corpus gives []). */
  scores(query: readonly string[]): number[] {
    const { k1, b } = this.parameters;
    return this.frequencies.map((counts, index) => {
      let score = 0;
      for (const term of query) {
        const frequency = counts.get(term) ?? 0;
        score +=
          (this.idf.get(term) ?? 0) *
          ((frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * this.lengths[index]!) / this.averageLength)));
      }
      return score;
    });
  }
}

/** BM25 scores of one query over a corpus (rank_bm25's `get_scores`), one per document in corpus order. */
export function bm25Scores(
  corpus: readonly (readonly string[])[],
  query: readonly string[],
  k1 = 1.5,
  b = 0.75,
  epsilon = 0.25,
): number[] {
  if (corpus.length === 0) return [];
  return new Bm25Index(corpus, { k1, b, epsilon }).scores(query);
}
