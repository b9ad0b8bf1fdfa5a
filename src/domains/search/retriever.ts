/**
 * A local search engine over a fixed list of passages: BM25 (Lucene's idf, never negative) over two fields,
 * the title (weighted) and the text, on SQuAD-normalised tokens (lower case, no punctuation or articles). Synchronous, so an
 * environment can answer a search inside its `step`; `asSearchTool` gives the asynchronous `SearchTool`
 * that Bamboogle's search loop takes.
 */
import { normalizeAnswer } from '../answer-matching.ts';
import { Bm25Index } from './bm25.ts';
import type { SearchResult, SearchTool } from './search-tool.ts';

/** How much a title match counts against the same match in the text (a title names what a passage is about). */
export const TITLE_WEIGHT = 2;

export interface Retriever {
  /** The passages sharing a token with the query, best first (ties keep list order), at most `limit` (≥ 0). */
  search(query: string, limit: number): SearchResult[];
}

/** Normalised tokens of a text (what the index and the queries are made of). */
export function searchTokens(text: string): string[] {
  return normalizeAnswer(text).split(' ').filter(Boolean);
}

/** A BM25 retriever over `documents` (indexed once). */
export function createRetriever(documents: readonly SearchResult[]): Retriever {
  const titles = documents.map((document) => searchTokens(document.title));
  const texts = documents.map((document) => searchTokens(document.text));
  const titleIndex = new Bm25Index(titles, { idf: 'lucene' });
  const textIndex = new Bm25Index(texts, { idf: 'lucene' });
  const vocabulary = documents.map((_, index) => new Set([...titles[index]!, ...texts[index]!]));
  return {
    search(query, limit) {
      const terms = [...new Set(searchTokens(query))];
      if (terms.length === 0 || limit <= 0) return [];
      const titleScores = titleIndex.scores(terms);
      const textScores = textIndex.scores(terms);
      return documents
        .map((document, index) => ({
          document,
          index,
          shared: terms.some((term) => vocabulary[index]!.has(term)),
          score: TITLE_WEIGHT * titleScores[index]! + textScores[index]!,
        }))
        .filter((entry) => entry.shared)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, limit)
        .map((entry) => entry.document);
    },
  };
}

/** The retriever as an asynchronous search tool returning `limit` passages per query. */
export function asSearchTool(retriever: Retriever, limit: number): SearchTool {
  return { search: async (query) => retriever.search(query, limit) };
}
