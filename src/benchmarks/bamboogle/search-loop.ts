import type { ChatMessage, ToolCall } from '../../interfaces/chat.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { deriveSeed } from '../../util/random.ts';
import {
  FINAL_ANSWER_TOOL,
  formatSearchResults,
  opensAnswerTag,
  SEARCH_TOOL,
  textSearchQueries,
  searchToolCalls,
  type SearchResult,
  type SearchTool,
} from '../../domains/search/index.ts';

/** One search the agent made and what it got back (an error text when the tool failed). */
export interface SearchStep {
  query: string;
  results: SearchResult[];
  error?: string;
}

/** The last completion of one question, the searches made on the way and the final conversation. */
export interface Episode {
  prompt: AgentPrompt;
  completion: Completion;
  searches: SearchStep[];
}

export interface SearchLoopOptions {
  /** The tool; without one, every prompt gets exactly one `act` call. */
  searchTool?: SearchTool;
  /** Rounds of searching allowed before the answer is taken as it stands (≥ 0). */
  maxSearchRounds: number;
  /** Passages shown per search. */
  resultsShown: number;
  /** Prompts per `act` call (≥ 1). */
  batchSize: number;
  seed: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Search requests in a completion: `search` tool calls with a string `query`, else — when the text
 * gives no answer yet — the `<search>…</search>` tags of the text, or its `search: query` lines (the
 * multihop world's text protocol). An answer (tag or tool) ends the episode.
 */
export function searchRequests(completion: Completion): { calls: ToolCall[]; textQueries: string[] } {
  const calls = searchToolCalls(completion.toolCalls);
  const answered =
    (completion.toolCalls ?? []).some((call) => call.name === FINAL_ANSWER_TOOL) || opensAnswerTag(completion.text);
  if (answered) return { calls: [], textQueries: [] };
  if (calls.length > 0) return { calls, textQueries: [] };
  return { calls: [], textQueries: textSearchQueries(completion.text) };
}

async function runSearch(tool: SearchTool, query: string): Promise<SearchStep> {
  try {
    return { query, results: await tool.search(query) };
  } catch (error) {
    return { query, results: [], error: error instanceof Error ? error.message : String(error) };
  }
}

function observation(step: SearchStep, resultsShown: number): string {
  return step.error !== undefined ? `Search failed: ${step.error}` : formatSearchResults(step.results, resultsShown);
}

/**
 * Runs every prompt to a final completion. Each round sends the still-open prompts to `policy.act`
 * (greedy, one sample, in batches); a completion that asks to search gets the results appended — as
 * `tool` messages answering its tool calls, or as `<information>` text after its `<search>` tags — and
 * goes to the next round. After `maxSearchRounds` rounds, or without a tool, the completion stands.
 */
export async function runSearchLoop(
  policy: AgentPolicy,
  prompts: AgentPrompt[],
  options: SearchLoopOptions,
): Promise<Episode[]> {
  const episodes: Episode[] = prompts.map((prompt) => ({
    prompt,
    completion: { text: '', policyVersion: '' },
    searches: [],
  }));
  let open = episodes.map((_, index) => index);
  let done = 0;
  for (let round = 0; open.length > 0; round++) {
    const stillOpen: number[] = [];
    for (let start = 0; start < open.length; start += options.batchSize) {
      const batch = open.slice(start, start + options.batchSize);
      const completions = await policy.act(
        batch.map((index) => episodes[index]!.prompt),
        {
          samples: 1,
          seed: deriveSeed(options.seed, 'bamboogle', round, start),
          temperature: 0,
        },
      );
      for (const [position, index] of batch.entries()) {
        const episode = episodes[index]!;
        const completion = completions[position]?.[0] ?? { text: '', policyVersion: policy.name };
        episode.completion = completion;
        const requests = searchRequests(completion);
        const wantsSearch = requests.calls.length > 0 || requests.textQueries.length > 0;
        if (options.searchTool && wantsSearch && round < options.maxSearchRounds) {
          await extendWithSearch(episode, completion, requests, options.searchTool, options.resultsShown);
          stillOpen.push(index);
        } else {
          done++;
        }
      }
      options.onProgress?.(done, episodes.length);
    }
    open = stillOpen;
  }
  return episodes;
}

/** Appends the completion and the search results to the episode's prompt (messages and compact text). */
async function extendWithSearch(
  episode: Episode,
  completion: Completion,
  requests: { calls: ToolCall[]; textQueries: string[] },
  tool: SearchTool,
  resultsShown: number,
): Promise<void> {
  const round = episode.searches.length;
  const added: ChatMessage[] = [];
  let addedText = completion.text;
  if (requests.calls.length > 0) {
    const calls = requests.calls.map((call, position) => ({ ...call, id: call.id ?? `search-${round}-${position}` }));
    added.push({ role: 'assistant', content: completion.text, toolCalls: calls });
    for (const call of calls) {
      const step = await runSearch(tool, String(call.arguments.query));
      episode.searches.push(step);
      const shown = observation(step, resultsShown);
      added.push({ role: 'tool', content: shown, toolCallId: call.id, name: SEARCH_TOOL });
      addedText += `\n<search>${step.query}</search>\n<information>${shown}</information>\n`;
    }
  } else {
    const blocks: string[] = [];
    for (const query of requests.textQueries) {
      const step = await runSearch(tool, query);
      episode.searches.push(step);
      blocks.push(`<information>${observation(step, resultsShown)}</information>`);
    }
    added.push({ role: 'assistant', content: completion.text }, { role: 'user', content: blocks.join('\n') });
    addedText += `\n${blocks.join('\n')}\n`;
  }
  episode.prompt = {
    ...episode.prompt,
    text: `${episode.prompt.text} ${addedText}`,
    messages: [...episode.prompt.messages, ...added],
  };
}
