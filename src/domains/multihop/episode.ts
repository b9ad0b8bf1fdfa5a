/**
 * A multi-hop question as an interactive environment: each turn the agent searches the world's documents
 * (`search: query`, `<search>query</search>`, or the `search` tool) and reads the top results, until it
 * answers (`answer: text`, `<answer>text</answer>`, or `final_answer`). The verdict is Bamboogle's: success is the exact match of
 * the answer after SQuAD normalisation, the reward its token F1.
 *
 * Turn prompts: the compact text for built-in models keeps the question, every action so far and the best
 * result of the last search (of the last two for a comparison), then `Answer:` (it fits a small model's
 * context);
 * chat models get the whole conversation with every action as a tool call and every result as its answer.
 */
import type { ChatMessage } from '../../interfaces/chat.ts';
import { nextPlannedAction, renderPlannedEpisode } from '../planned-episode.ts';
import type { EpisodeEnvironment, EpisodeTurn, InteractiveDomain } from '../../interfaces/interaction.ts';
import type { AgentPrompt, Score, TaskInstance } from '../../interfaces/task.ts';
import { exactMatch, tokenF1 } from '../answer-matching.ts';
import {
  FINAL_ANSWER_TOOL,
  SEARCH_INSTRUCTIONS,
  SEARCH_TOOL,
  createRetriever,
  finalAnswerToolSchema,
  formatSearchAction,
  formatSearchResults,
  readSearchAction,
  type Retriever,
  type SearchResult,
  searchToolSchema,
} from '../search/index.ts';

export interface MultihopPayload {
  /** Compact text of the spec it came from. */
  spec: string;
  question: string;
  /** The gold answer (an entity's name, a number, or yes/no). */
  answer: string;
  /** The world's documents, in the order the search engine breaks ties by. */
  documents: SearchResult[];
  /** The verified reference plan: one search per hop, then the answer (`search: …`, `answer: …`). */
  plan: string[];
}

/** Results shown per search. */
export const TOP_K = 2;
/** Steps allowed beyond the reference plan (a wasted search or two). */
export const SPARE_STEPS = 2;
/** Response bound of one action in tokens. */
export const ACTION_TOKENS = 24;
/** What the environment says to output that is neither a search nor an answer. */
export const INVALID_ACTION = 'Write "search: <query>" or "answer: <answer>".';
/** What the environment says to an answer (the episode ends there). */
export const ANSWERED = 'Answer recorded.';

/** Retrievers by document list: the G episodes of an instance share one index. */
const retrievers = new WeakMap<readonly SearchResult[], Retriever>();

function retrieverOf(documents: readonly SearchResult[]): Retriever {
  let retriever = retrievers.get(documents);
  if (!retriever) {
    retriever = createRetriever(documents);
    retrievers.set(documents, retriever);
  }
  return retriever;
}

/** The verdict of an answer against the gold: exact match after normalisation, reward = token F1 in [0, 1]. */
export function answerScore(answer: string, gold: string): Score {
  return { reward: tokenF1(answer, gold), success: exactMatch(answer, gold) === 1 };
}

function reset(instance: TaskInstance<MultihopPayload>): EpisodeEnvironment {
  const { question, answer: gold, documents } = instance.payload;
  const retriever = retrieverOf(documents);
  let answered: string | null = null;
  return {
    observation: `Question: ${question}`,
    step(turn) {
      if (answered !== null) return { action: '', observation: ANSWERED, done: true };
      const action = readSearchAction(turn);
      if (action.kind === 'none') return { action: '', observation: INVALID_ACTION, done: false };
      if (action.kind === 'answer') {
        answered = action.answer;
        return { action: formatSearchAction(action), observation: ANSWERED, done: true };
      }
      const results = retriever.search(action.query, TOP_K);
      return { action: formatSearchAction(action), observation: formatSearchResults(results, TOP_K), done: false };
    },
    verdict: () => (answered === null ? { reward: 0, success: false } : answerScore(answered, gold)),
  };
}

/** The text of the best result of an observation (`[1] Title\ntext…` → `text`), or the whole observation. */
function bestText(observation: string): string {
  const best = /^\[1\] [^\n]*\n([^\n]*)/.exec(observation);
  return best ? best[1]! : observation;
}

/**
 * The question, every action so far with the best result of the last `kept` searches (the text of their
 * first result), then `Answer:` (Bamboogle's prompt marker). A bridge keeps the last search's
 * result (the next hop's name or the answer is in it); a comparison keeps two (its answer compares the last
 * two documents, see questions.ts). Older results and lower-ranked ones are left out: a small model copies a
 * name or a number reliably only when one of its kind is in view.
 */
export function compactText(opening: string, history: readonly EpisodeTurn[], kept: number): string {
  const lines = [opening];
  const searches = history.flatMap((turn, index) => (turn.action.startsWith('search: ') ? [index] : []));
  const shown = new Set(searches.slice(-kept));
  history.forEach((turn, index) => {
    if (turn.action === '') {
      if (index === history.length - 1) lines.push(turn.observation);
      return;
    }
    lines.push(turn.action);
    if (shown.has(index)) lines.push(`<information>${bestText(turn.observation)}</information>`);
  });
  lines.push('Answer:');
  return lines.join('\n');
}

/** The conversation for chat models: instructions, the question, then every action as a tool call. */
function chatMessages(question: string, history: readonly EpisodeTurn[]): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: SEARCH_INSTRUCTIONS },
    { role: 'user', content: question },
  ];
  history.forEach((turn, index) => {
    const action = readSearchAction({ text: turn.action });
    const id = `call_${index}`;
    if (action.kind === 'none') {
      messages.push({ role: 'assistant', content: '' }, { role: 'user', content: turn.observation });
      return;
    }
    const call =
      action.kind === 'search'
        ? { id, name: SEARCH_TOOL, arguments: { query: action.query } }
        : { id, name: FINAL_ANSWER_TOOL, arguments: { answer: action.answer } };
    messages.push(
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', content: turn.observation, toolCallId: id, name: call.name },
    );
  });
  return messages;
}

function turnPrompt(
  instance: TaskInstance<MultihopPayload>,
  opening: string,
  history: readonly EpisodeTurn[],
  turnId: string,
): AgentPrompt {
  const { plan, question } = instance.payload;
  return {
    id: turnId,
    family: instance.family,
    text: compactText(opening, history, instance.payload.spec.startsWith('bridge') ? 1 : 2),
    messages: chatMessages(question, history),
    tools: [searchToolSchema, finalAnswerToolSchema],
    maxResponseTokens: ACTION_TOKENS,
    reference: {
      answer: nextPlannedAction(plan, history.length),
      difficulty: instance.features.difficulty ?? 0,
    },
  };
}

export const multihopInteraction: InteractiveDomain<MultihopPayload> = {
  maxSteps: (instance) => instance.payload.plan.length + SPARE_STEPS,
  reset,
  turnPrompt,
};

/** The first turn's prompt; its reference answer is the whole plan, one action per line (what `score` replays). */
export function renderMultihop(instance: TaskInstance<MultihopPayload>): AgentPrompt {
  return renderPlannedEpisode(multihopInteraction, instance, instance.payload.plan);
}
