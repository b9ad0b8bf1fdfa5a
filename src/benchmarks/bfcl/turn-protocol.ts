/**
 * Per-turn evaluation with the gold history as prefix (the GenEnv paper's protocol): for each turn
 * the prompt holds the user turns so far, the gold calls of earlier turns and their results; the
 * agent answers once with a list of calls, scored by the official state and response checks.
 */
import type { ChatMessage, ToolCall } from '../../interfaces/chat.ts';
import type { BenchmarkItemResult } from '../../interfaces/benchmark.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import { deriveSeed } from '../../util/random.ts';
import { decodeAnswer } from './answer-decoder.ts';
import { checkTurn, goldResults } from './checker.ts';
import { entryFunctionDocs, toolSchemas, type BfclData, type BfclEntry } from './data.ts';
import { EnvironmentSet, namedArguments } from './executor.ts';
import { buildPrompt, callListText, stepDifficulty, stepMessages } from './prompts.ts';

/** Entries whose turn prompts go to the policy in one `act` call (prompts are built per batch to bound memory). */
export const ENTRY_BATCH = 8;

/** Gold calls of one entry as keyword-form tool calls, per turn. */
export function goldToolCalls(data: BfclData, entry: BfclEntry): ToolCall[][] {
  const environment = new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, data.constants);
  return entry.goldCalls.map((calls, turn) =>
    calls.map((call, position) => ({
      id: `gold_${turn}_${position}`,
      name: call.name,
      arguments: namedArguments(environment, call),
    })),
  );
}

/** One prompt per turn of an entry, each with the gold history before it. */
export function turnPrompts(data: BfclData, entry: BfclEntry): AgentPrompt[] {
  const docs = entryFunctionDocs(data, entry);
  const tools = toolSchemas(docs);
  const gold = goldToolCalls(data, entry);
  const results = goldResults(entry, data.constants);
  const dialogue: ChatMessage[] = [];
  return entry.turns.map((userMessages, turn) => {
    dialogue.push(...userMessages);
    const referenceCalls = gold[turn]!;
    const prompt = buildPrompt({
      id: `${entry.id}/turn-${turn}`,
      docs,
      tools,
      dialogue: [...dialogue],
      referenceCalls,
      difficulty: stepDifficulty(referenceCalls.length, turn, referenceCalls.length === 0),
    });
    if (referenceCalls.length > 0) dialogue.push(...stepMessages(referenceCalls, results[turn]!));
    return prompt;
  });
}

export interface TurnOutcome {
  items: BenchmarkItemResult[];
  turns: number;
  correct: number;
  irrelevanceTurns: number;
  irrelevanceCorrect: number;
  failures: Record<string, number>;
}

/** Runs the per-turn protocol on entries; `onTurn` is told after each scored turn. */
export async function runTurnProtocol(
  policy: AgentPolicy,
  data: BfclData,
  entries: readonly BfclEntry[],
  seed: number,
  onTurn: () => void,
): Promise<TurnOutcome> {
  const outcome: TurnOutcome = {
    items: [],
    turns: 0,
    correct: 0,
    irrelevanceTurns: 0,
    irrelevanceCorrect: 0,
    failures: {},
  };
  for (let start = 0; start < entries.length; start += ENTRY_BATCH) {
    const batch = entries
      .slice(start, start + ENTRY_BATCH)
      .flatMap((entry) => turnPrompts(data, entry).map((prompt, turn) => ({ entry, turn, prompt })));
    const completions = await policy.act(
      batch.map((task) => task.prompt),
      { samples: 1, seed: deriveSeed(seed, 'bfcl-turn', start), temperature: 0 },
    );
    batch.forEach((task, position) => {
      const completion = completions[position]?.[0] ?? { text: '', policyVersion: 'missing' };
      const decoded = decodeAnswer(completion);
      const calls = decoded.ok ? decoded.calls : [];
      const verdict = checkTurn(task.entry, task.turn, calls, data.constants);
      const irrelevance = task.entry.goldCalls[task.turn]!.length === 0;
      outcome.turns += 1;
      if (verdict.valid) outcome.correct += 1;
      else outcome.failures[verdict.errorType] = (outcome.failures[verdict.errorType] ?? 0) + 1;
      if (irrelevance) {
        outcome.irrelevanceTurns += 1;
        if (verdict.valid) outcome.irrelevanceCorrect += 1;
      }
      outcome.items.push({
        id: task.prompt.id,
        correct: verdict.valid,
        score: verdict.valid ? 1 : 0,
        details: {
          protocol: 'per-turn',
          turn: task.turn,
          irrelevance,
          answer: decoded.ok
            ? callListText(calls.map((call) => ({ name: call.name, arguments: call.keywords })))
            : String(completion.text ?? '').slice(0, 500),
          ...(decoded.ok ? { droppedPositionalArguments: decoded.droppedPositional } : { decodeError: decoded.reason }),
          ...(verdict.valid ? {} : { errorType: verdict.errorType, error: verdict.message, ...verdict.details }),
        },
      });
      onTurn();
    });
  }
  return outcome;
}
