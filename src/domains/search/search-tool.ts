import type { ToolSchema } from '../../interfaces/chat.ts';
import { normalizeAnswer } from '../answer-matching.ts';
import { FINAL_ANSWER_TOOL, SEARCH_TOOL } from './search-syntax.ts';

/** One retrieved passage. */
export interface SearchResult {
  title: string;
  text: string;
  url?: string;
}

/**
 * What an agent can search with (a web search API, a local BM25 index, a fake in tests).
 * `search` resolves to the passages ranked best first; it may reject, and the loop then shows the agent
 * the error text instead of results.
 */
export interface SearchTool {
  search(query: string): Promise<SearchResult[]>;
}

/** OpenAI-style schema of the search tool: `search({query})`. */
export const searchToolSchema: ToolSchema = {
  type: 'function',
  function: {
    name: SEARCH_TOOL,
    description: 'Search the web for passages about a query. Returns the best passages, one per block.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to search for (a short keyword query).' } },
      required: ['query'],
    },
  },
};

/** OpenAI-style schema of the final-answer tool: `final_answer({answer})`. */
export const finalAnswerToolSchema: ToolSchema = {
  type: 'function',
  function: {
    name: FINAL_ANSWER_TOOL,
    description: 'Give the final short answer to the question (a name, a date, a number; no explanation).',
    parameters: {
      type: 'object',
      properties: { answer: { type: 'string', description: 'The short final answer.' } },
      required: ['answer'],
    },
  },
};

/** Passages as numbered plain-text blocks, at most `limit` of them (what the agent reads back). */
export function formatSearchResults(results: readonly SearchResult[], limit: number): string {
  if (results.length === 0) return 'No results.';
  return results
    .slice(0, limit)
    .map((result, position) => `[${position + 1}] ${result.title}\n${result.text}`)
    .join('\n\n');
}

/**
 * A search tool over a fixed list of passages: ranks by the number of distinct normalised query tokens
 * found in title + text (ties keep list order), drops passages with no shared token, returns the top `limit`.
 * Meant for tests and offline demos, not as a retrieval baseline.
 */
export function createInMemorySearchTool(documents: readonly SearchResult[], limit = 3): SearchTool {
  const indexed = documents.map((document) => ({
    document,
    tokens: new Set(normalizeAnswer(`${document.title} ${document.text}`).split(' ')),
  }));
  return {
    async search(query: string): Promise<SearchResult[]> {
      const queryTokens = [...new Set(normalizeAnswer(query).split(' ').filter(Boolean))];
      return indexed
        .map((entry, position) => ({
          entry,
          position,
          hits: queryTokens.filter((token) => entry.tokens.has(token)).length,
        }))
        .filter((scored) => scored.hits > 0)
        .sort((a, b) => b.hits - a.hits || a.position - b.position)
        .slice(0, limit)
        .map((scored) => scored.entry.document);
    },
  };
}
