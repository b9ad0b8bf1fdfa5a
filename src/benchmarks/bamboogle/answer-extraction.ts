import { cleanAnswer, FINAL_ANSWER_TOOL, finalAnswerCall, lastAnswerTag } from '../../domains/search/index.ts';
import type { Completion } from '../../interfaces/task.ts';

export { FINAL_ANSWER_TOOL };

/** Where the answer was found in a completion. */
export type AnswerSource = 'tool' | 'tag' | 'answer-line' | 'answer-is' | 'last-line' | 'empty';

export interface ExtractedAnswer {
  answer: string;
  source: AnswerSource;
}

/**
 * The short answer inside an agent's completion, tried in this order:
 * 1. a `final_answer` tool call with a string `answer` argument;
 * 2. the last `<answer>…</answer>` tag (Search-R1 / R1-Searcher style);
 * 3. the last line with `Answer:` / `Final answer:` / `answer is:` (self-ask's "So the final answer is: X"),
 *    taking the rest of that line;
 * 4. the last "the answer is X" phrase without a colon;
 * 5. otherwise the last non-empty line of the text.
 * Markdown emphasis, surrounding quotes and a trailing full stop are trimmed. Never throws.
 */
export function extractAnswer(completion: Pick<Completion, 'text' | 'toolCalls'>): ExtractedAnswer {
  const called = finalAnswerCall(completion.toolCalls);
  if (called !== null) return { answer: cleanAnswer(called), source: 'tool' };
  const text = completion.text ?? '';
  const tagged = lastAnswerTag(text);
  if (tagged !== null) return { answer: cleanAnswer(tagged), source: 'tag' };
  const answerLines = [...text.matchAll(/(?:^|[^\p{L}])(?:final\s+)?answer(?:\s+is)?\s*[:：]\s*(.*)$/gimu)];
  const lastAnswerLine = answerLines.reverse().find((match) => match[1]!.trim().length > 0);
  if (lastAnswerLine) return { answer: cleanAnswer(lastAnswerLine[1]!), source: 'answer-line' };
  const answerIs = [...text.matchAll(/\bthe\s+(?:final\s+)?answer\s+is\s+(.+)$/gim)];
  if (answerIs.length > 0) return { answer: cleanAnswer(answerIs[answerIs.length - 1]![1]!), source: 'answer-is' };
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) return { answer: '', source: 'empty' };
  return { answer: cleanAnswer(lines[lines.length - 1]!), source: 'last-line' };
}
