import type { AgentPrompt } from '../../interfaces/task.ts';
import type { BamboogleItem } from './data.ts';
import { finalAnswerToolSchema, SEARCH_INSTRUCTIONS, searchToolSchema } from '../../domains/search/index.ts';

const SYSTEM_PLAIN =
  'Answer the question with a short answer (a name, a date, a number). ' +
  'You may reason first; end with a last line of the form "Answer: <short answer>".';

/**
 * The prompt for one question. With `withSearch`, chat models are offered the `search` and `final_answer`
 * tools and the compact text tells a text model the `<search>` convention. `reference.answer` is the gold
 * string trimmed (the oracle answers it verbatim); difficulty = question length in words / 10 (all
 * Bamboogle questions are two-hop, so length is the only scalar that varies).
 */
export function buildBambooglePrompt(item: BamboogleItem, withSearch: boolean): AgentPrompt {
  const text = withSearch
    ? `Question: ${item.question}\n(Search with <search>query</search>.)\nAnswer:`
    : `Question: ${item.question}\nAnswer:`;
  return {
    id: item.id,
    family: 'bamboogle',
    text,
    messages: [
      { role: 'system', content: withSearch ? SEARCH_INSTRUCTIONS : SYSTEM_PLAIN },
      { role: 'user', content: item.question },
    ],
    ...(withSearch ? { tools: [searchToolSchema, finalAnswerToolSchema] } : {}),
    maxResponseTokens: 64,
    reference: {
      answer: item.answer.trim(),
      difficulty: item.question.split(/\s+/).filter(Boolean).length / 10,
    },
  };
}
