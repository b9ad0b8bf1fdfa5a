import type { Completion } from '../../interfaces/task.ts';

/** Where the answer was found in a completion. */
export type AnswerSource = 'tool' | 'tag' | 'answer-line' | 'answer-is' | 'last-line' | 'empty';

export interface ExtractedAnswer {
  answer: string;
  source: AnswerSource;
}

/** Names of the tool a chat agent may call to give its final answer. */
export const FINAL_ANSWER_TOOL = 'final_answer';

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
  for (const call of [...(completion.toolCalls ?? [])].reverse()) {
    if (call.name === FINAL_ANSWER_TOOL && typeof call.arguments.answer === 'string') {
      return { answer: cleanAnswer(call.arguments.answer), source: 'tool' };
    }
  }
  const text = completion.text ?? '';
  const tags = [...text.matchAll(/<answer>([\s\S]*?)<\/answer>/gi)];
  if (tags.length > 0) return { answer: cleanAnswer(tags[tags.length - 1]![1]!), source: 'tag' };
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

/** Trims whitespace, markdown emphasis, wrapping quotes and one trailing full stop. */
function cleanAnswer(raw: string): string {
  let answer = raw
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .trim();
  if (/^(["'“‘]).*(["'”’])$/s.test(answer) && answer.length >= 2) answer = answer.slice(1, -1).trim();
  return answer.replace(/\.$/, '').trim();
}
