/**
 * Full-episode evaluation: the agent acts in the engine from the opening text until the goal holds or
 * the step limit is reached (ReAct and ALFWorld's evaluations use 50). Thoughts (`think: ...`) answer
 * "OK." and use a step, as in ReAct; anything that is not an action answers "Nothing happens.".
 */
import type { BenchmarkItemResult } from '../../interfaces/benchmark.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { deriveSeed } from '../../util/random.ts';
import { extractAction } from '../../domains/household/alfred/commands.ts';
import { AlfworldEngine, NOTHING_HAPPENS } from '../../domains/household/alfred/engine.ts';
import type { AlfworldGame } from '../../domains/household/alfred/game.ts';
import { buildPrompt, openingText, type HistoryEntry } from '../../domains/household/alfred/prompts.ts';

export const DEFAULT_EPISODE_STEPS = 50;

interface Episode {
  game: AlfworldGame;
  engine: AlfworldEngine;
  opening: string;
  history: HistoryEntry[];
  won: boolean;
  invalid: number;
}

/**
 * Plays every game once. All unfinished games advance together: one policy call per step with one
 * prompt per game. The prompt's reference is the walkthrough's action at the same step index (the
 * oracle, which follows it, wins every game). Item ids are `episode:<game id>`.
 */
export async function runEpisodeEvaluation(
  policy: AgentPolicy,
  games: readonly AlfworldGame[],
  options: { seed: number; maxSteps?: number; onProgress?: (done: number, total: number) => void },
): Promise<BenchmarkItemResult[]> {
  const maxSteps = options.maxSteps ?? DEFAULT_EPISODE_STEPS;
  const episodes: Episode[] = games.map((game) => {
    const engine = new AlfworldEngine(game);
    return { game, engine, opening: openingText(engine.reset()), history: [], won: false, invalid: 0 };
  });
  let finished = 0;
  for (let step = 0; step < maxSteps; step++) {
    const active = episodes.filter((episode) => !episode.won);
    if (active.length === 0) break;
    const prompts = active.map((episode) => {
      const walkthrough = episode.game.walkthrough;
      const answer = walkthrough[Math.min(step, walkthrough.length - 1)]!;
      return buildPrompt({
        id: `episode:${episode.game.id}@${step + 1}`,
        game: episode.game,
        opening: episode.opening,
        history: [...episode.history],
        answer,
        difficulty: walkthrough.length,
      });
    });
    const answers = await policy.act(prompts, {
      samples: 1,
      seed: deriveSeed(options.seed, 'alfworld-episodes', step),
      temperature: 0,
    });
    active.forEach((episode, index) => {
      const action = extractAction(answers[index]?.[0] ?? { text: '', policyVersion: 'missing' });
      let entry: HistoryEntry;
      if (action.kind === 'command') {
        const result = episode.engine.step(action.command);
        entry = { action: action.command, observation: result.observation };
        episode.won = result.won;
      } else if (action.kind === 'thought') {
        entry = { action: `think: ${action.text}`, observation: 'OK.' };
      } else {
        entry = { action: '', observation: NOTHING_HAPPENS };
      }
      if (entry.observation === NOTHING_HAPPENS) episode.invalid++;
      episode.history.push(entry);
      if (episode.won) options.onProgress?.(++finished, episodes.length);
    });
  }
  options.onProgress?.(episodes.length, episodes.length);
  return episodes.map((episode) => ({
    id: `episode:${episode.game.id}`,
    correct: episode.won,
    score: episode.won ? 1 : 0,
    details: {
      mode: 'episodes',
      game: episode.game.id,
      taskType: episode.game.taskType,
      steps: episode.history.length,
      expertSteps: episode.game.walkthrough.length,
      invalidActions: episode.invalid,
      actions: episode.history.map((entry) => entry.action),
    },
  }));
}
