/**
 * Multi-turn episodes against an agent policy: every (instance, sample) pair plays its own episode;
 * all unfinished episodes advance together, one `act` call per turn with one prompt per episode (each
 * prompt id names instance, sample and turn, so each episode draws its own random stream). The whole
 * trajectory is kept in the completion: `text` = the actions, one per line; `turns` = what the agent
 * read, what it wrote (its token span for GRPO), the action and the observation of every turn.
 */
import type { AgentDemonstration, AgentPolicy } from '../interfaces/policy.ts';
import type { Domain } from '../interfaces/domain.ts';
import { GenEnvError, messageLine } from '../interfaces/errors.ts';
import {
  replayEpisode,
  type CompletionTurn,
  type EpisodeEnvironment,
  type InteractiveDomain,
} from '../interfaces/interaction.ts';
import type { Completion, Score, TaskInstance } from '../interfaces/task.ts';
import { deriveSeed } from '../util/random.ts';

export interface EpisodeOptions {
  /** Episodes per instance (GRPO group size G), ≥ 1. */
  samples: number;
  seed: number;
  /** Sampling temperature ≥ 0 (0 = greedy). */
  temperature?: number;
}

/** G played episodes of one instance: completions (trajectories) with the verifier's scores. */
export interface EpisodeGroup {
  completions: Completion[];
  scores: Score[];
}

interface Episode {
  instance: TaskInstance;
  sample: number;
  environment: EpisodeEnvironment;
  turns: CompletionTurn[];
  done: boolean;
  policyVersion: string;
}

/** The verdict of an episode; a verifier that throws gives reward 0 with the reason, never a crash. */
function safeVerdict(environment: EpisodeEnvironment): Score {
  try {
    const score = environment.verdict();
    const reward = Number.isFinite(score.reward) ? Math.min(1, Math.max(0, score.reward)) : 0;
    return { ...score, reward };
  } catch (error) {
    return { reward: 0, success: false, invalid: `verifier error: ${messageLine(error)}` };
  }
}

/**
 * Plays `samples` episodes of every instance (Algorithm 1's rollout for interactive domains). Each
 * episode ends when the environment says done or after the instance's step limit. Result: one group
 * per instance, in order.
 */
export async function playEpisodes(
  agent: AgentPolicy,
  domain: Domain,
  instances: readonly TaskInstance[],
  options: EpisodeOptions,
): Promise<EpisodeGroup[]> {
  const interaction = interactionOf(domain);
  const samples = Math.max(1, Math.floor(options.samples));
  const episodes: Episode[] = instances.flatMap((instance) =>
    Array.from({ length: samples }, (_, sample) => ({
      instance,
      sample,
      environment: interaction.reset(instance),
      turns: [],
      done: false,
      policyVersion: '',
    })),
  );
  for (let turn = 0; ; turn++) {
    const active = episodes.filter(
      (episode) => !episode.done && episode.turns.length < interaction.maxSteps(episode.instance),
    );
    if (active.length === 0) break;
    const prompts = active.map((episode) =>
      interaction.turnPrompt(
        episode.instance,
        episode.environment.observation,
        episode.turns,
        `${episode.instance.id}#${episode.sample}@${turn}`,
      ),
    );
    const answers = await agent.act(prompts, {
      samples: 1,
      seed: deriveSeed(options.seed, 'episode-turn', turn),
      temperature: options.temperature,
    });
    active.forEach((episode, index) => {
      const answer = answers[index]?.[0] ?? { text: '', policyVersion: 'missing' };
      const step = episode.environment.step(answer);
      const { policyVersion, turns: _nested, ...response } = answer;
      const prompt = prompts[index]!;
      episode.turns.push({
        prompt: prompt.text,
        ...(prompt.maxResponseTokens !== undefined ? { maxResponseTokens: prompt.maxResponseTokens } : {}),
        response,
        action: step.action,
        observation: step.observation,
      });
      episode.policyVersion = policyVersion;
      episode.done = step.done;
    });
  }
  const groups = instances.map((): EpisodeGroup => ({ completions: [], scores: [] }));
  episodes.forEach((episode, index) => {
    const group = groups[Math.floor(index / samples)]!;
    group.completions.push({
      text: episode.turns.map((turn) => turn.action).join('\n'),
      finishReason: episode.done ? 'done' : 'step-limit',
      policyVersion: episode.policyVersion,
      turns: episode.turns,
    });
    group.scores.push(safeVerdict(episode.environment));
  });
  return groups;
}

/**
 * Supervised pairs of an episode played with `actions`: one per turn, the turn's prompt and the action
 * taken (actions after the episode ended are dropped). Used for warm starts and rehearsal.
 */
export function episodeDemonstrations(
  interaction: InteractiveDomain,
  instance: TaskInstance,
  actions: readonly string[],
): AgentDemonstration[] {
  const replay = replayEpisode(interaction, instance, actions);
  return replay.turns.map((turn, index) => ({
    prompt: interaction.turnPrompt(instance, replay.opening, replay.turns.slice(0, index), `${instance.id}@${index}`),
    target: turn.action,
  }));
}

/**
 * The supervised pairs of an instance answered with `target`: the single pair for a single-response
 * domain; one pair per turn for an interactive one (`target` = the actions, one per line).
 */
export function demonstrationsOf(domain: Domain, instance: TaskInstance, target?: string): AgentDemonstration[] {
  if (!domain.interactive) {
    const prompt = domain.render(instance);
    return [{ prompt, target: target ?? prompt.reference.answer }];
  }
  const answer = target ?? domain.render(instance).reference.answer;
  return episodeDemonstrations(domain.interactive, instance, answer.split('\n'));
}

function interactionOf(domain: Domain): InteractiveDomain {
  if (!domain.interactive) throw new GenEnvError('internal', `domain ${domain.name} is not interactive`);
  return domain.interactive;
}
