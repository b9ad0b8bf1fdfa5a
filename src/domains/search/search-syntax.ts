/**
 * How an agent asks to search and gives its answer, shared by the multi-hop search world and the
 * Bamboogle benchmark so that an agent trained in one speaks the other's protocol:
 * - chat models call the `search({query})` and `final_answer({answer})` tools;
 * - text models write Search-R1 / R1-Searcher tags, `<search>query</search>` and `<answer>text</answer>`,
 *   and read results back inside `<information>…</information>`; or, shorter, one line `search: query` or
 *   `answer: text` (what the built-in agent writes: four tokens of protocol fewer per action than the tags).
 */
import type { ToolCall } from '../../interfaces/chat.ts';

/** Name of the search tool offered to chat models. */
export const SEARCH_TOOL = 'search';
/** Name of the tool a chat agent may call to give its final answer. */
export const FINAL_ANSWER_TOOL = 'final_answer';

/** System prompt of a search episode for chat models (the text-model convention is spelled out too). */
export const SEARCH_INSTRUCTIONS =
  'Answer the question with a short answer (a name, a date, a number). You may call the `search` tool ' +
  '(or write <search>query</search>) as often as you need; results come back as <information>…</information>. ' +
  'Finish with the `final_answer` tool, or a last line of the form "Answer: <short answer>".';

const SEARCH_TAGS = /<search>([\s\S]*?)<\/search>/gi;
const ANSWER_TAGS = /<answer>([\s\S]*?)<\/answer>/gi;

/** The non-empty queries of the `<search>…</search>` tags of a text, trimmed, in order. */
export function searchTagQueries(text: string): string[] {
  return [...text.matchAll(SEARCH_TAGS)].map((match) => match[1]!.trim()).filter(Boolean);
}

const SEARCH_LINE = /^\s*search\s*:\s*(.*\S)\s*$/gim;
const ANSWER_LINE = /^\s*answer\s*:\s*\S/im;

/**
 * The queries a text asks for: its `<search>` tags, else its `search: query` lines when no line gives an
 * answer (`answer: …`). Trimmed, non-empty, in order.
 */
export function textSearchQueries(text: string): string[] {
  const tagged = searchTagQueries(text);
  if (tagged.length > 0 || ANSWER_LINE.test(text)) return tagged;
  return [...text.matchAll(SEARCH_LINE)].map((match) => match[1]!.trim()).filter(Boolean);
}

/** The inside of the last `<answer>…</answer>` tag of a text, or null when it has none. */
export function lastAnswerTag(text: string): string | null {
  const tags = [...text.matchAll(ANSWER_TAGS)];
  return tags.length > 0 ? tags[tags.length - 1]![1]! : null;
}

/** Whether a text opens an answer tag (an answer, even a cut one, ends a search episode). */
export function opensAnswerTag(text: string): boolean {
  return /<answer>/i.test(text);
}

/** `search` tool calls with a string `query`. */
export function searchToolCalls(toolCalls: readonly ToolCall[] | undefined): ToolCall[] {
  return (toolCalls ?? []).filter((call) => call.name === SEARCH_TOOL && typeof call.arguments.query === 'string');
}

/** The `answer` of the last `final_answer` tool call with a string answer, or null. */
export function finalAnswerCall(toolCalls: readonly ToolCall[] | undefined): string | null {
  for (const call of [...(toolCalls ?? [])].reverse()) {
    if (call.name === FINAL_ANSWER_TOOL && typeof call.arguments.answer === 'string') return call.arguments.answer;
  }
  return null;
}

/** Trims whitespace, markdown emphasis, wrapping quotes and one trailing full stop. */
export function cleanAnswer(raw: string): string {
  let answer = raw
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .trim();
  if (/^(["'“‘]).*(["'”’])$/s.test(answer) && answer.length >= 2) answer = answer.slice(1, -1).trim();
  return answer.replace(/\.$/, '').trim();
}

/** One turn of a search episode as read from an agent's output. */
export type SearchAction = { kind: 'search'; query: string } | { kind: 'answer'; answer: string } | { kind: 'none' };

/** Longest query or answer kept (characters); a longer one is cut (it never helps and bloats the prompts). */
export const MAX_ACTION_TEXT = 120;

/** One line without the protocol's own tags, so that the canonical text reads back as the same action. */
const oneLine = (text: string) =>
  text
    .replace(/<\/?(search|answer|information)>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ACTION_TEXT)
    .trim();

/**
 * The action of one turn: a `final_answer` call, else a `search` call, else the last `<answer>` tag, else
 * the first `<search>` tag, else a line `Answer: …` / `Search: …` (plain prefixes, any case). An answer
 * wins over a search asked in the same turn (as in Bamboogle's loop); an empty query is no search. Queries
 * and answers are read as one line without tags, at most MAX_ACTION_TEXT characters. Never throws.
 */
export function readSearchAction(turn: { text?: string; toolCalls?: readonly ToolCall[] }): SearchAction {
  const called = finalAnswerCall(turn.toolCalls);
  if (called !== null) return { kind: 'answer', answer: oneLine(cleanAnswer(called)) };
  const searchCall = searchToolCalls(turn.toolCalls)
    .map((call) => oneLine(String(call.arguments.query)))
    .find(Boolean);
  if (searchCall) return { kind: 'search', query: searchCall };
  const text = turn.text ?? '';
  const tagged = lastAnswerTag(text);
  if (tagged !== null) return { kind: 'answer', answer: oneLine(cleanAnswer(tagged)) };
  const query = searchTagQueries(text).map(oneLine).find(Boolean);
  if (query) return { kind: 'search', query };
  const prefixed = /^\s*(answer|search)\s*:\s*(.*\S)\s*$/im.exec(text);
  if (prefixed) {
    const value = prefixed[2]!;
    return prefixed[1]!.toLowerCase() === 'answer'
      ? { kind: 'answer', answer: oneLine(cleanAnswer(value)) }
      : oneLine(value)
        ? { kind: 'search', query: oneLine(value) }
        : { kind: 'none' };
  }
  return { kind: 'none' };
}

/** The canonical one-line text of an action (`search: q`, `answer: a`, or '' for none). */
export function formatSearchAction(action: SearchAction): string {
  switch (action.kind) {
    case 'search':
      return `search: ${action.query}`;
    case 'answer':
      return `answer: ${action.answer}`;
    case 'none':
      return '';
  }
}
