/**
 * search: what search worlds and search benchmarks share — the passage and tool types, the tool schemas,
 * the text protocol (`<search>` / `<answer>` tags, `search` / `final_answer` tools), BM25 and a local
 * retriever.
 */
export { Bm25Index, bm25Scores, type Bm25Parameters } from './bm25.ts';
export { asSearchTool, createRetriever, searchTokens, TITLE_WEIGHT, type Retriever } from './retriever.ts';
export {
  cleanAnswer,
  FINAL_ANSWER_TOOL,
  finalAnswerCall,
  formatSearchAction,
  lastAnswerTag,
  MAX_ACTION_TEXT,
  opensAnswerTag,
  readSearchAction,
  SEARCH_INSTRUCTIONS,
  SEARCH_TOOL,
  searchTagQueries,
  textSearchQueries,
  searchToolCalls,
  type SearchAction,
} from './search-syntax.ts';
export {
  createInMemorySearchTool,
  finalAnswerToolSchema,
  formatSearchResults,
  searchToolSchema,
  type SearchResult,
  type SearchTool,
} from './search-tool.ts';
