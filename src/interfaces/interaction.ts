/**
 * Multi-turn episodes: the optional interactive part of a domain. The environment is reset to an
 * observation; the agent acts one turn at a time; the environment answers each action, until it says
 * done or the step limit is reached; the domain's verifier gives the final reward. An episode is a pure
 * function of its instance and its action sequence, so a completion that records the actions (one per
 * line) can be scored, replayed and turned into per-turn demonstrations.
 */
import type { AgentPrompt, Completion, Score, TaskInstance } from './task.ts';

/** One finished turn, as the environment saw it. */
export interface EpisodeTurn {
  /** The canonical one-line action the agent's output was read as ('' when it named no action). */
  action: string;
  /** The environment's answer. */
  observation: string;
}

/** The environment's answer to one agent turn. */
export interface EnvironmentStep extends EpisodeTurn {
  /** The episode is over (goal reached, answer given, or no way on). */
  done: boolean;
}

/** One running episode; mutable, owned by whoever reset it. */
export interface EpisodeEnvironment {
  /** The text after reset: what the agent sees before its first action. */
  readonly observation: string;
  /** Applies one agent turn (its text, or its tool calls); bad output is an observation, never a throw. */
  step(turn: Pick<Completion, 'text' | 'toolCalls'>): EnvironmentStep;
  /** The verifier's verdict on the episode so far (reward in [0, 1]). */
  verdict(): Score;
}

/** The interactive part of a domain. */
export interface InteractiveDomain<Payload = unknown> {
  /** Step limit of an instance's episodes, ≥ 1. */
  maxSteps(instance: TaskInstance<Payload>): number;
  /** A fresh episode of an instance. */
  reset(instance: TaskInstance<Payload>): EpisodeEnvironment;
  /**
   * The prompt of the next turn: compact `text` for built-in models (its tail must fit a small context),
   * `messages` (the whole conversation: actions as tool calls, observations as tool results) and `tools`
   * for chat models. `reference.answer` is the reference next action, where the reference plan has one.
   */
  turnPrompt(
    instance: TaskInstance<Payload>,
    opening: string,
    history: readonly EpisodeTurn[],
    turnId: string,
  ): AgentPrompt;
}

export type { CompletionTurn } from './task.ts';

/** The actions a completion records: one per line (an episode's completion text). */
export function episodeActions(completion: Pick<Completion, 'text'>): string[] {
  return completion.text.length === 0 ? [] : completion.text.split('\n');
}

/**
 * Replays actions in a fresh episode (at most the step limit; stops at done) and returns the turns,
 * the opening and the verdict. Used to score a recorded episode and to build per-turn demonstrations.
 */
export function replayEpisode<Payload>(
  interaction: InteractiveDomain<Payload>,
  instance: TaskInstance<Payload>,
  actions: readonly string[],
): { opening: string; turns: EpisodeTurn[]; done: boolean; verdict: Score } {
  const environment = interaction.reset(instance);
  const turns: EpisodeTurn[] = [];
  let done = false;
  for (const action of actions.slice(0, interaction.maxSteps(instance))) {
    const step = environment.step({ text: action });
    turns.push({ action: step.action, observation: step.observation });
    if (step.done) {
      done = true;
      break;
    }
  }
  return { opening: environment.observation, turns, done, verdict: environment.verdict() };
}
