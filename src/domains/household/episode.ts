/**
 * The household as an interactive environment: the ALFRED engine answers each command; the episode is
 * done when the goal holds. Turn prompts: a compact text for built-in models (`alfred/compact-text.ts`: task,
 * the room as a map of what was seen where, the last observation, what the agent carries, where it stands and
 * the next receptacle not seen yet), and for chat models ALFWorld's instructions with every action as an `act`
 * tool call and every observation as its result.
 */
import type { ChatMessage } from '../../interfaces/chat.ts';
import { nextPlannedAction, renderPlannedEpisode } from '../planned-episode.ts';
import type { EpisodeEnvironment, EpisodeTurn, InteractiveDomain } from '../../interfaces/interaction.ts';
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { extractAction } from './alfred/commands.ts';
import { compactTurnText } from './alfred/compact-text.ts';
import { AlfworldEngine, NOTHING_HAPPENS } from './alfred/engine.ts';
import { ACT_TOOL, instructions, openingText } from './alfred/prompts.ts';
import type { SceneSpec } from './alfred/scene.ts';
import { gameOf } from './game-cache.ts';
import { MAX_RECEPTACLES } from './spec.ts';

export interface HouseholdPayload {
  /** Compact text of the spec it came from. */
  spec: string;
  scene: SceneSpec;
  /** The verified reference plan (also `scene.walkthrough`). */
  plan: string[];
}

/** Steps allowed beyond the reference plan's length. */
export const SPARE_STEPS = 4;
/** Response bound of one action in tokens. */
export const ACTION_TOKENS = 24;
/**
 * The most receptacles in a room of the original household: its search receptacles, the destination and an
 * appliance. Only a wider world draws larger rooms, whose compact text leaves out of its map the receptacles seen
 * empty so that the longest searches still fit the built-in agent's context; every original room keeps its map.
 */
export const ORIGINAL_ROOM = MAX_RECEPTACLES + 2;

function engineOf(instance: TaskInstance<HouseholdPayload>): AlfworldEngine {
  return new AlfworldEngine(gameOf(instance.payload.scene, instance.id));
}

function reset(instance: TaskInstance<HouseholdPayload>): EpisodeEnvironment {
  const engine = engineOf(instance);
  const observation = openingText(engine.reset());
  let won = false;
  return {
    observation,
    step(turn) {
      const action = extractAction({ ...turn, policyVersion: '' });
      if (action.kind === 'thought') return { action: `think: ${action.text}`, observation: 'OK.', done: false };
      if (action.kind === 'invalid') return { action: '', observation: NOTHING_HAPPENS, done: false };
      const result = engine.step(action.command);
      won = result.won;
      return { action: action.command, observation: result.observation, done: won };
    },
    verdict: () => ({ reward: won ? 1 : 0, success: won }),
  };
}

function turnPrompt(
  instance: TaskInstance<HouseholdPayload>,
  opening: string,
  history: readonly EpisodeTurn[],
  turnId: string,
): AgentPrompt {
  const { plan, scene } = instance.payload;
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions(gameOf(scene, instance.id)) },
    { role: 'user', content: opening },
  ];
  history.forEach((turn, index) => {
    const id = `act_${index}`;
    messages.push({
      role: 'assistant',
      content: '',
      toolCalls: [{ id, name: 'act', arguments: { action: turn.action } }],
    });
    messages.push({ role: 'tool', content: turn.observation, toolCallId: id });
  });
  return {
    id: turnId,
    family: instance.family,
    text: compactTurnText(opening, history, { everyReceptacleUpTo: ORIGINAL_ROOM }),
    messages,
    tools: [ACT_TOOL],
    maxResponseTokens: ACTION_TOKENS,
    reference: {
      answer: nextPlannedAction(plan, history.length),
      difficulty: instance.features.difficulty ?? 0,
    },
  };
}

export const householdInteraction: InteractiveDomain<HouseholdPayload> = {
  maxSteps: (instance) => instance.payload.plan.length + SPARE_STEPS,
  reset,
  turnPrompt,
};

/** The first turn's prompt; its reference answer is the whole plan, one action per line (what `score` replays). */
export function renderHousehold(instance: TaskInstance<HouseholdPayload>): AgentPrompt {
  return renderPlannedEpisode(householdInteraction, instance, instance.payload.plan);
}
