/**
 * Step-decomposed evaluation (the paper's protocol): every step of every walkthrough is one item; the
 * agent sees the task and the gold history (expert actions with the engine's observations) and must
 * give the expert's next action.
 */
import type { BenchmarkItemResult } from '../../interfaces/benchmark.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { deriveSeed } from '../../util/random.ts';
import { extractAction, normalizeCommand } from '../../domains/household/alfred/commands.ts';
import { AlfworldEngine } from '../../domains/household/alfred/engine.ts';
import type { AlfworldGame } from '../../domains/household/alfred/game.ts';
import { buildPrompt, openingText, type HistoryEntry } from '../../domains/household/alfred/prompts.ts';

/** Verdict on one step: exact match after normalizeCommand, or the same grounded action in the engine. */
export interface StepVerdict {
  correct: boolean;
  answer: string | null;
  reason: string;
}

/**
 * Scores an answer against the gold next action in the engine's current state. A different command
 * counts only when it names the same grounded action as the gold one (e.g. the 2.1.1 verb
 * `put X in/on Y` for the gold `move X to Y`); an action that does nothing never counts.
 */
export function judgeStep(engine: AlfworldEngine, gold: string, completion: Completion): StepVerdict {
  const action = extractAction(completion);
  if (action.kind === 'invalid') return { correct: false, answer: null, reason: action.reason };
  if (action.kind === 'thought')
    return { correct: false, answer: `think: ${action.text}`, reason: 'a thought, not an action' };
  if (action.command === normalizeCommand(gold)) return { correct: true, answer: action.command, reason: 'exact' };
  const chosen = engine.resolve(action.command);
  if (!chosen) return { correct: false, answer: action.command, reason: 'invalid action (Nothing happens.)' };
  const expected = engine.resolve(gold);
  if (expected && expected.key === chosen.key) return { correct: true, answer: action.command, reason: 'same action' };
  return { correct: false, answer: action.command, reason: 'a different action' };
}

interface StepItem {
  game: AlfworldGame;
  step: number;
  prompt: AgentPrompt;
}

/** Walks each game along its walkthrough and calls `visit` before each gold step (engine in the pre-step state). */
function walk(
  games: readonly AlfworldGame[],
  limit: number,
  visit: (game: AlfworldGame, step: number, engine: AlfworldEngine, opening: string, history: HistoryEntry[]) => void,
): void {
  let count = 0;
  for (const game of games) {
    const engine = new AlfworldEngine(game);
    const opening = openingText(engine.reset());
    const history: HistoryEntry[] = [];
    for (let step = 0; step < game.walkthrough.length; step++) {
      if (count++ >= limit) return;
      visit(game, step, engine, opening, history);
      const gold = game.walkthrough[step]!;
      history.push({ action: gold, observation: engine.step(gold).observation });
    }
  }
}

/**
 * Runs the step evaluation. Prompts go to the policy in batches of `batchSize` (one sample each,
 * greedy). Item ids are `<game id>#<step>` (step from 1).
 */
export async function runStepEvaluation(
  policy: AgentPolicy,
  games: readonly AlfworldGame[],
  options: { limit: number; seed: number; batchSize?: number; onProgress?: (done: number, total: number) => void },
): Promise<BenchmarkItemResult[]> {
  const items: StepItem[] = [];
  walk(games, options.limit, (game, step, engine, opening, history) => {
    // Difficulty: log2 of the number of admissible commands, i.e. how many choices the step offers.
    const difficulty = Math.log2(Math.max(1, engine.admissibleCommands().length));
    const prompt = buildPrompt({
      id: `${game.id}#${step + 1}`,
      game,
      opening,
      history: [...history],
      answer: game.walkthrough[step]!,
      difficulty,
    });
    items.push({ game, step, prompt });
  });
  const completions: Completion[] = [];
  const batchSize = options.batchSize ?? 64;
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize);
    const answers = await policy.act(
      batch.map((item) => item.prompt),
      { samples: 1, seed: deriveSeed(options.seed, 'alfworld-steps', start), temperature: 0 },
    );
    batch.forEach((_, index) => {
      completions.push(answers[index]?.[0] ?? { text: '', policyVersion: 'missing' });
    });
    options.onProgress?.(Math.min(start + batchSize, items.length), items.length);
  }
  const results: BenchmarkItemResult[] = [];
  let index = 0;
  walk(games, items.length, (game, step, engine) => {
    const item = items[index]!;
    const gold = game.walkthrough[step]!;
    const verdict = judgeStep(engine, gold, completions[index]!);
    results.push({
      id: item.prompt.id,
      correct: verdict.correct,
      score: verdict.correct ? 1 : 0,
      details: {
        mode: 'steps',
        game: game.id,
        taskType: game.taskType,
        step: step + 1,
        gold,
        answer: verdict.answer,
        reason: verdict.reason,
      },
    });
    index++;
  });
  return results;
}
