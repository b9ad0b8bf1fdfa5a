/**
 * ALFWorld (Shridhar et al. 2021) as the paper evaluates it: step-decomposed next-action accuracy over
 * expert walkthroughs, plus full-episode success in a text engine for ALFWorld's game files.
 */
import type {
  Benchmark,
  BenchmarkItemResult,
  BenchmarkReport,
  BenchmarkRunOptions,
} from '../../interfaces/benchmark.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { DEFAULT_EPISODE_STEPS, runEpisodeEvaluation } from './episode-evaluation.ts';
import { TASK_TYPES } from '../../domains/household/alfred/game.ts';
import { loadGameSource, type GameSource } from './sources.ts';
import { runStepEvaluation } from './step-evaluation.ts';

export { AlfworldEngine, NOTHING_HAPPENS } from '../../domains/household/alfred/engine.ts';
export { loadGames, parseGameFile, findGameFiles } from '../../domains/household/alfred/game-file.ts';
export { loadGameSource, transcriptGames } from './sources.ts';
export { judgeStep } from './step-evaluation.ts';
export { extractAction, normalizeCommand } from '../../domains/household/alfred/commands.ts';
export type { AlfworldGame, TaskType } from '../../domains/household/alfred/game.ts';

export const ALFWORLD_MODES = ['steps', 'episodes', 'both'] as const;
export type AlfworldMode = (typeof ALFWORLD_MODES)[number];

/** Fraction correct in [0, 1]; 0 for no items. */
function rate(items: readonly BenchmarkItemResult[]): number {
  return items.length === 0 ? 0 : items.filter((item) => item.correct).length / items.length;
}

function perTaskType(prefix: string, items: readonly BenchmarkItemResult[]): Record<string, number> {
  const result: Record<string, number> = {};
  for (const type of TASK_TYPES) {
    const ofType = items.filter((item) => item.details?.taskType === type);
    if (ofType.length > 0) result[`${prefix}/${type}`] = rate(ofType);
  }
  return result;
}

function notes(source: GameSource, mode: AlfworldMode): string[] {
  const lines = [
    source.kind === 'transcripts'
      ? `No official ALFWorld game files here: ${source.games.length} games rebuilt from ReAct's expert ` +
        `transcripts (act_* of alfworld_3prompts.json, ALFWorld 2.1.1 grammar); receptacle contents come from ` +
        `the recorded observations, object properties from built-in ALFRED tables.`
      : `${source.games.length} games from game.tw-pddl files (paths containing "movable" or "Sliced" left out, ` +
        `as ALFWorld does).`,
    ...source.skipped.map((skip) => `Skipped ${skip.path}: ${skip.reason}.`),
    "Engine: PDDL semantics are interpreted from each game file's own domain and problem (ADL: " +
      'or/not/exists/forall/when); like Fast Downward, a grounded action whose effects change nothing (e.g. ' +
      'going to a receptacle at the current location) is not applicable and answers "Nothing happens.".',
    "Texts: simple feedback rules and command templates come from the game's grammar; the five list/condition " +
      'rules of alfred.twl2 (look, examineReceptacle, examineObject, inventory, toggleObject) are computed in ' +
      'code with the same conditions, order and list punctuation, since the grammar embeds Python expressions.',
    'Both put verbs are accepted: "move X to Y" (ALFWorld ≥ 2.1.2) and "put X in/on Y" (2.1.1, ReAct); ALFWorld ' +
      'accepts only the one in its grammar.',
    'Commands are normalised before matching (lower case, single spaces, no leading ">", quotes or trailing ' +
      'period); ALFWorld matches the exact string.',
  ];
  if (mode !== 'episodes') {
    lines.push(
      "Step mode (the paper's protocol): one item per walkthrough step, prompt = opening text + gold history; " +
        'correct when the answer equals the gold next action after normalisation, or names the same grounded ' +
        'action in the current state. A thought or an action that does nothing is wrong.',
    );
  }
  if (mode !== 'steps') {
    lines.push(
      `Episode mode: the agent acts until the goal holds or ${DEFAULT_EPISODE_STEPS} steps (ReAct's limit); ` +
        `"think: ..." answers "OK." and uses a step.`,
    );
  }
  return lines;
}

/**
 * The ALFWorld benchmark. `mode`: `steps` (default), `episodes`, or `both`; `limit` caps step items (steps) or games
 * (episodes).
 */
export const alfworldBenchmark: Benchmark = {
  name: 'alfworld',
  description:
    'ALFWorld text household tasks (6 task types): step-decomposed next-action accuracy and full-episode success',
  async run(policy: AgentPolicy, options: BenchmarkRunOptions): Promise<BenchmarkReport> {
    const mode = (options.mode ?? 'steps') as AlfworldMode;
    if (!(ALFWORLD_MODES as readonly string[]).includes(mode)) {
      throw new GenEnvError('usage', `unknown ALFWorld mode "${options.mode}" (use ${ALFWORLD_MODES.join(', ')})`);
    }
    if (options.limit !== undefined && !(Number.isInteger(options.limit) && options.limit >= 1)) {
      throw new GenEnvError('usage', `limit must be a positive integer, got ${options.limit}`);
    }
    const source = await loadGameSource(options.dataPath);
    if (source.games.length === 0)
      throw new GenEnvError('benchmark', `no playable ALFWorld games under ${options.dataPath}`);
    const limit = options.limit ?? Number.MAX_SAFE_INTEGER;
    const stepItems =
      mode === 'episodes'
        ? []
        : await runStepEvaluation(policy, source.games, { limit, seed: options.seed, onProgress: options.onProgress });
    const episodeItems =
      mode === 'steps'
        ? []
        : await runEpisodeEvaluation(policy, source.games.slice(0, limit), {
            seed: options.seed,
            onProgress: options.onProgress,
          });
    const stepAccuracy = rate(stepItems);
    const episodeSuccess = rate(episodeItems);
    const accuracy = mode === 'episodes' ? episodeSuccess : stepAccuracy;
    const summary: BenchmarkReport['summary'] = {
      accuracy,
      mode,
      source: source.kind,
      games: source.games.length,
      ...(mode !== 'episodes'
        ? { stepAccuracy, steps: stepItems.length, ...perTaskType('stepAccuracy', stepItems) }
        : {}),
      ...(mode !== 'steps'
        ? {
            episodeSuccess,
            episodes: episodeItems.length,
            meanEpisodeSteps:
              episodeItems.reduce((total, item) => total + Number(item.details?.steps ?? 0), 0) /
              Math.max(1, episodeItems.length),
            ...perTaskType('episodeSuccess', episodeItems),
          }
        : {}),
    };
    return {
      benchmark: 'alfworld',
      policy: policy.name,
      items: [...stepItems, ...episodeItems],
      summary,
      table1: { ALFWorld: 100 * accuracy },
      notes: notes(source, mode),
    };
  },
};
