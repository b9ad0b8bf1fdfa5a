/**
 * ToolSearcher (level 2). The official one embeds the keywords and every API's "name + description"
 * with sentence-transformers/paraphrase-MiniLM-L3-v2 and returns the most cosine-similar API (preceded by
 * GetUserToken when the API takes a token). No model can be downloaded here, so the substitute ranks the
 * the APIs with BM25 over light-stemmed lower-case words of the split name and the description (the
 * official text glues the last name word to the description, "add agendaThe API ...", which a word
 * ranker cannot use); ties go to the earlier API. The returned value has the official shape.
 */
import { respond, text, type ApiDefinition } from '../api-types.ts';
import { bm25Scores } from '../../../domains/search/bm25.ts';
import { PythonError, pythonEquals, pythonItem } from '../python-values.ts';
import { wordTokenize } from './information-apis.ts';

/** An API description as the official ToolManager prints it (JSON lines in the prompts). */
export interface ApiDescription {
  name: string;
  description: string;
  input_parameters: Record<string, { type: string; description: string }>;
  output_parameters: Record<string, { type: string; description: string }>;
}

/** The official `api_summery`: the class name split at capitals, lower-cased, then the description. */
export function searchText(api: ApiDescription): string {
  const spaced = [...api.name]
    .map((character) => (character >= 'A' && character <= 'Z' ? ` ${character.toLowerCase()}` : character))
    .join('')
    .trim();
  return spaced + api.description;
}

// Function words carry no tool identity but would decide rankings where no content word matches.
const stopWords = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'and',
  'or',
  'is',
  'are',
  'be',
  'by',
  'with',
  'this',
  'that',
  'it',
  'my',
  'me',
  'i',
  'api',
  'given',
  'from',
  'at',
  'as',
  'what',
  'how',
  'can',
  'you',
  'please',
]);

/** Lower-case content words cut to their first five letters (calculate/calculator → calcu). */
export function searchTokens(text: string): string[] {
  return wordTokenize(text.toLowerCase())
    .filter((token) => /[\p{L}\p{N}]/u.test(token) && !stopWords.has(token))
    .map((token) => token.slice(0, 5));
}

const splitName = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Builds the substitute search over the given API descriptions (ToolSearcher itself excluded). */
export function createToolSearch(apis: readonly ApiDescription[]): (keywords: string) => unknown {
  const candidates = apis.filter((api) => api.name !== 'ToolSearcher');
  const corpus = candidates.map((api) => searchTokens(`${splitName(api.name)} ${api.description}`));
  const userToken = candidates.find((api) => api.name === 'GetUserToken');
  return (keywords) => {
    const scores = bm25Scores(corpus, searchTokens(splitName(keywords)));
    let best = -1;
    // Strict '>' from a zero start, as the official loop: an all-zero ranking finds nothing.
    let bestScore = 0;
    scores.forEach((score, index) => {
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    if (best === -1) throw new PythonError("'NoneType' object has no attribute 'pop'");
    const match = structuredClone(candidates[best]!);
    // The official GetUserToken entry keeps its desc_for_search field (it is not the popped copy).
    if ('token' in match.input_parameters && userToken)
      return [{ ...structuredClone(userToken), desc_for_search: searchText(userToken) }, match];
    return match;
  };
}

export const toolSearcher: ApiDefinition = {
  name: 'ToolSearcher',
  parameters: { keywords: 'str' },
  required: ['keywords'],
  call: ({ keywords }, context) =>
    respond('ToolSearcher', { keywords }, () => context.services.searchTools(text(keywords))),
  check: (response, groundTruth) =>
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception')),
};
