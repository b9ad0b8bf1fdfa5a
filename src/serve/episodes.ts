/**
 * The episode service: what reset, step, state and close do, whichever endpoint they came through. An
 * episode holds one attempt the curriculum handed out; its step is scored by the domain's verifier and
 * committed to the outcome log before it is answered, idempotently (a retried request id or action gets the
 * logged answer). Idle episodes expire and give their attempt back.
 */
import { randomUUID } from 'node:crypto';
import { safeScore, scoredAttempt } from '../core/index.ts';
import type { Completion, Domain, RunConfig } from '../interfaces/index.ts';
import { messageLine } from '../interfaces/errors.ts';
import {
  episodeActions,
  type EnvironmentStep,
  type EpisodeEnvironment,
  type EpisodeTurn,
} from '../interfaces/interaction.ts';
import type { CurriculumDriver } from './curriculum-driver.ts';
import { actionCompletion, resetObservation, turnObservation } from './observations-and-actions.ts';
import type { OutcomeLog, OutcomeRow } from './outcome-log.ts';
import type {
  ResetAnswer,
  ResetRequest,
  ScoredAnswer,
  ServiceState,
  StepRequest,
  TurnAnswer,
} from '../interfaces/index.ts';
import type { Round, Slot } from './round-attempts.ts';
import { ServeError } from './refusals.ts';

/** The server process's memory (MiB) and CPU time (s), for `/state` and the benchmark. */
const processUsage = () => {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    memory_mb: { rss: Math.round(memory.rss / 2 ** 20), heap: Math.round(memory.heapUsed / 2 ** 20) },
    cpu_seconds: (cpu.user + cpu.system) / 1e6,
  };
};

/** The refusal of a request id used again with another action than the one it was answered for. */
const otherAction = (requestId: string, episodeId: string) =>
  new ServeError(
    409,
    'REQUEST_ID_REUSED',
    `request_id ${requestId} was already used for another action on episode ${episodeId}; ` +
      'a new action needs a new request_id',
  );

/** Retry-After of a reset refused at the session cap, in seconds: a step or an expiry frees a place. */
const CAPACITY_RETRY_SECONDS = 1;
/** Retry-After of a reset that waited its whole bound for a task, in seconds. */
const BUSY_RETRY_SECONDS = 2;

interface Episode {
  id: string;
  slot: Slot;
  round: Round;
  lastActive: number;
  /** Set while its step is being scored and logged; a concurrent step waits for it. */
  scoring: Promise<ScoredAnswer> | null;
  /** Interactive domains: the running environment and the turns so far (null for single-response domains). */
  play: Play | null;
}

/** A multi-turn episode in progress: each step is one turn; the verifier scores it when it ends. */
interface Play {
  environment: EpisodeEnvironment;
  turns: EpisodeTurn[];
  maxSteps: number;
  /** The answer to the last turn and its action (see `actionKey`), for a retried request id. */
  last: { requestId: string; action: string; result: TurnAnswer } | null;
}

export interface ServiceLimits {
  /** Open (reset, not yet stepped) episodes at most. */
  maxSessions: number;
  /** An episode not stepped within this many milliseconds expires and its attempt is handed out again. */
  idleMs: number;
  /** How long a reset waits for a task (the next epoch being prepared), in milliseconds. */
  resetWaitMs: number;
  /**
   * An attempt handed out and not stepped (or, multi-turn, not played) for this many milliseconds is handed
   * out again; its episode stays open, and the first scored answer counts.
   */
  leaseMs: number;
}

/** An action as the service compares a retry with what it answered: the completion read from it, as JSON. */
const actionKey = (completion: Completion) => JSON.stringify(completion);

/** Request ids of multi-turn episodes scored by this process, with their last action, kept at most. */
const REMEMBERED_FINAL_TURNS = 65_536;

/** Who used a request id, and with what action (null: not known any more, so the id alone decides). */
interface RequestOwner {
  episodeId: string;
  action: string | null;
}

/**
 * The answer to a step that scored an attempt another copy of it had scored first: its reward is the
 * verifier's, but the curriculum counted the first answer, not this one.
 */
function duplicateResult(result: ScoredAnswer): ScoredAnswer {
  return { ...result, observation: { ...result.observation, duplicate: true } };
}

/**
 * The protocol-neutral service behind HTTP and WebSocket: episodes, idempotent scoring and the durable
 * outcome log in front of the curriculum. Every outcome is committed before it is acknowledged; a
 * scored episode leaves memory, its answer stays in the log for retries.
 */
export class EpisodeService {
  private readonly episodes = new Map<string, Episode>();
  private readonly pendingRequests = new Map<string, RequestOwner & { result: Promise<ScoredAnswer> }>();
  /**
   * The last action of each multi-turn episode scored here, by its request id: the log keeps the trajectory as
   * the environment read it, not the action as sent, so a retry is compared with this (the newest ones only).
   */
  private readonly finalTurns = new Map<string, string>();
  private readonly reaper: NodeJS.Timeout;
  /**
   * Counters for `/state`: `steps` are scored episodes (`duplicates` of them scored an attempt another copy
   * had scored first), `turns` the unscored turns of multi-turn ones.
   */
  readonly counters = { resets: 0, steps: 0, duplicates: 0, turns: 0, replays: 0, expired: 0, refused: 0 };

  constructor(
    private readonly config: RunConfig,
    private readonly domain: Domain,
    readonly driver: CurriculumDriver,
    private readonly log: OutcomeLog,
    readonly limits: ServiceLimits,
  ) {
    this.reaper = setInterval(() => this.expireIdle(), Math.max(50, Math.min(5000, limits.idleMs / 4)));
    this.reaper.unref();
  }

  get openEpisodes(): number {
    return this.episodes.size;
  }

  /** Starts an episode on the next attempt the curriculum hands out. */
  async reset(request: ResetRequest): Promise<ResetAnswer> {
    if (this.episodes.size >= this.limits.maxSessions) {
      this.counters.refused++;
      throw new ServeError(
        503,
        'CAPACITY_REACHED',
        `session cap reached: ${this.episodes.size} of ${this.limits.maxSessions} episodes are open; ` +
          `step or close them (they expire after ${Math.round(this.limits.idleMs / 1000)} s idle)`,
        CAPACITY_RETRY_SECONDS,
      );
    }
    const id = request.episode_id ?? randomUUID();
    if (request.episode_id !== undefined && (this.episodes.has(id) || this.log.byEpisode(id)))
      throw new ServeError(
        409,
        'EPISODE_EXISTS',
        `episode_id ${id} is already in use; leave it out to get a fresh one`,
      );
    const claim = await this.driver.claim(request.group_key, this.limits.resetWaitMs);
    if (claim.kind === 'finished')
      throw new ServeError(
        410,
        'FINISHED',
        `the curriculum finished its ${this.config.epochs} epochs; ` +
          'resume the served run with more epochs to go on',
      );
    if (claim.kind === 'stopped') throw new ServeError(503, 'CURRICULUM_STOPPED', claim.reason);
    if (claim.kind === 'busy') throw new ServeError(503, 'BUSY', claim.reason, BUSY_RETRY_SECONDS);
    if (claim.kind === 'group-full') throw new ServeError(409, 'GROUP_FULL', claim.reason);
    const interactive = this.domain.interactive;
    const instance = claim.round.instances[claim.slot.instanceIndex]!.instance;
    const play: Play | null = interactive
      ? { environment: interactive.reset(instance), turns: [], maxSteps: interactive.maxSteps(instance), last: null }
      : null;
    this.episodes.set(id, { id, slot: claim.slot, round: claim.round, lastActive: Date.now(), scoring: null, play });
    this.counters.resets++;
    const prompt = claim.round.prompt(this.domain, claim.slot.instanceIndex);
    return { observation: resetObservation(id, claim.slot, claim.round, prompt), reward: null, done: false };
  }

  /**
   * Scores an action. Idempotent: a retried request_id with the same action, or the same action on a scored
   * episode, gets the logged answer; a request_id used for another action or episode, or another action on a
   * scored episode, is refused (409).
   */
  async step(episodeId: string, request: Omit<StepRequest, 'episode_id'>): Promise<ScoredAnswer | TurnAnswer> {
    const requestId = request.request_id;
    const completion = actionCompletion(request.action);
    const action = actionKey(completion);
    if (requestId !== undefined) {
      const pending = this.pendingRequests.get(requestId);
      if (pending) return this.sameRequest(pending, episodeId, requestId, action, pending.result);
      // An open, unscored episode cannot own a logged request id; one logged for another episode makes the
      // insert fail on its unique key (409), so the lookup is only needed for episodes no longer open.
      const open = this.episodes.get(episodeId);
      const logged = open && !open.scoring ? null : this.log.byRequest(requestId);
      if (logged) {
        const owner = { episodeId: logged.episodeId, action: this.loggedAction(logged) };
        return this.sameRequest(owner, episodeId, requestId, action, Promise.resolve(logged));
      }
    }
    const episode = this.episodes.get(episodeId);
    if (!episode) {
      const logged = this.log.byEpisode(episodeId);
      if (!logged)
        throw new ServeError(
          404,
          'UNKNOWN_EPISODE',
          `unknown episode ${episodeId} (never reset, expired after idling, ` +
            'or lost in a restart before it was scored): reset again',
        );
      const same = this.domain.interactive
        ? episodeActions(logged.completion).at(-1) === completion.text.trim() && completion.text.trim() !== ''
        : JSON.stringify(logged.completion) === JSON.stringify(completion);
      if (!same)
        throw new ServeError(409, 'ALREADY_SCORED', `episode ${episodeId} was already scored with another action`);
      return this.replay(logged);
    }
    if (episode.scoring) {
      // A concurrent duplicate: once the first is logged, this one is answered from the log (or refused).
      await episode.scoring;
      return this.step(episodeId, request);
    }
    if (episode.play) {
      const turn = this.playTurn(episode, episode.play, completion, requestId ?? null, action);
      if (!turn.done) return turn.result;
      try {
        return await turn.scoring;
      } finally {
        if (requestId !== undefined) this.pendingRequests.delete(requestId);
      }
    }
    const result = this.score(episode, completion, requestId ?? null);
    episode.scoring = result;
    if (requestId !== undefined) this.pendingRequests.set(requestId, { episodeId, action, result });
    try {
      return await result;
    } finally {
      if (requestId !== undefined) this.pendingRequests.delete(requestId);
    }
  }

  /**
   * One turn of a multi-turn episode. A turn that does not end the episode answers with the
   * environment's observation and the next turn's prompt (reward null); the turn that ends it (done, or
   * the step limit) is scored like a single-response step, on the whole trajectory (its actions, one per
   * line, which the verifier replays). Returns the scoring of that last turn for the caller to await. A retried
   * request id gets the last turn's answer again, if it comes with the same action.
   */
  private playTurn(
    episode: Episode,
    play: Play,
    completion: Completion,
    requestId: string | null,
    action: string,
  ): { done: false; result: TurnAnswer } | { done: true; scoring: Promise<ScoredAnswer> } {
    if (requestId !== null && play.last?.requestId === requestId) {
      if (play.last.action !== action) throw otherAction(requestId, episode.id);
      this.counters.replays++;
      return { done: false, result: play.last.result };
    }
    episode.lastActive = Date.now();
    this.driver.touch(episode.slot);
    let step: EnvironmentStep;
    try {
      step = play.environment.step(completion);
    } catch (error) {
      step = { action: '', observation: `environment error: ${messageLine(error)}`, done: true };
    }
    play.turns.push({ action: step.action, observation: step.observation });
    const instance = episode.round.instances[episode.slot.instanceIndex]!.instance;
    if (step.done || play.turns.length >= play.maxSteps) {
      const trajectory: Completion = {
        text: play.turns.map((turn) => turn.action).join('\n'),
        finishReason: step.done ? 'done' : 'step-limit',
        policyVersion: completion.policyVersion,
      };
      const scoring = this.score(episode, trajectory, requestId, step.observation);
      episode.scoring = scoring;
      if (requestId !== null) {
        this.pendingRequests.set(requestId, { episodeId: episode.id, action, result: scoring });
        this.rememberFinalTurn(requestId, action);
      }
      return { done: true, scoring };
    }
    const prompt = this.domain.interactive!.turnPrompt(
      instance,
      play.environment.observation,
      play.turns,
      `${episode.id}@${play.turns.length}`,
    );
    const result: TurnAnswer = {
      observation: turnObservation(episode.id, step.observation, play.turns.length, play.maxSteps, prompt),
      reward: null,
      done: false,
    };
    if (requestId !== null) play.last = { requestId, action, result };
    this.counters.turns++;
    return { done: false, result };
  }

  /**
   * The answer to a request id used before: the same episode and the same action get the first answer again
   * (the action unknown, the id alone decides); another episode or another action is refused.
   */
  private async sameRequest(
    owner: RequestOwner,
    episodeId: string,
    requestId: string,
    action: string,
    result: Promise<ScoredAnswer | OutcomeRow>,
  ): Promise<ScoredAnswer> {
    if (owner.episodeId !== episodeId)
      throw new ServeError(409, 'REQUEST_ID_REUSED', `request_id ${requestId} was already used for another episode`);
    if (owner.action !== null && owner.action !== action) throw otherAction(requestId, episodeId);
    const value = await result;
    if ('response' in value) return this.replay(value);
    this.counters.replays++;
    return value;
  }

  /** The action a logged outcome was scored on, as `actionKey` writes it; null when it is not known any more. */
  private loggedAction(row: OutcomeRow): string | null {
    if (!this.domain.interactive) return actionKey(row.completion);
    return row.requestId === null ? null : (this.finalTurns.get(row.requestId) ?? null);
  }

  private rememberFinalTurn(requestId: string, action: string): void {
    this.finalTurns.set(requestId, action);
    if (this.finalTurns.size > REMEMBERED_FINAL_TURNS) this.finalTurns.delete(this.finalTurns.keys().next().value!);
  }

  private replay(row: OutcomeRow): ScoredAnswer {
    this.counters.replays++;
    // The log holds the answers this service sent.
    const result = JSON.parse(row.response) as ScoredAnswer;
    return row.duplicate ? duplicateResult(result) : result;
  }

  private async score(episode: Episode, completion: Completion, requestId: string | null, lastObservation?: string) {
    const { slot, round } = episode;
    const instance = round.instances[slot.instanceIndex]!.instance;
    const outcome = scoredAttempt(
      completion,
      safeScore(this.domain, instance, completion),
      this.config.successThreshold,
    );
    const result: ScoredAnswer = {
      observation: {
        episode_id: episode.id,
        task: { id: instance.id, epoch: slot.epoch, attempt: slot.sample },
        feedback: { success: outcome.success, invalid: outcome.invalid },
        ...(lastObservation !== undefined ? { observation: lastObservation, turns: episode.play?.turns.length } : {}),
      },
      reward: outcome.reward,
      done: true,
    };
    let duplicate: boolean;
    try {
      ({ duplicate } = await this.log.append({
        ...outcome,
        episodeId: episode.id,
        requestId,
        epoch: slot.epoch,
        flat: slot.flat,
        response: JSON.stringify(result),
      }));
    } catch (error) {
      episode.scoring = null;
      if (requestId !== null && /request_id/.test((error as Error).message))
        throw new ServeError(409, 'REQUEST_ID_REUSED', `request_id ${requestId} was already used for another episode`);
      throw new ServeError(409, 'CONFLICT', `the outcome could not be logged: ${(error as Error).message}`);
    }
    this.episodes.delete(episode.id);
    this.counters.steps++;
    if (duplicate) {
      this.counters.duplicates++;
      return duplicateResult(result);
    }
    this.driver.record(slot, outcome);
    return result;
  }

  /** Ends an unscored episode early; its attempt goes back to the curriculum. Nothing when it is not open. */
  close(episodeId: string): void {
    const episode = this.episodes.get(episodeId);
    if (!episode || episode.scoring) return;
    this.episodes.delete(episodeId);
    this.driver.release(episode.slot);
  }

  /**
   * A client's close of an episode (`POST /close`, or a WebSocket close that names one): its attempt goes back to
   * the curriculum. Refused when there is none to give back: 404 for an episode the service does not hold open
   * (never reset, expired, closed already, or lost in a restart), 409 for one scored (or being scored).
   */
  giveBack(episodeId: string): void {
    const episode = this.episodes.get(episodeId);
    if (episode && !episode.scoring) {
      this.close(episodeId);
      return;
    }
    if (episode || this.log.byEpisode(episodeId))
      throw new ServeError(
        409,
        'ALREADY_SCORED',
        `episode ${episodeId} was already scored: it has no attempt to give back`,
      );
    throw new ServeError(
      404,
      'UNKNOWN_EPISODE',
      `unknown episode ${episodeId} (never reset, expired after idling, closed already, or lost in a restart): ` +
        'nothing to close',
    );
  }

  /** OpenEnv `state` of an episode, or of the service when no episode is named. */
  state(episodeId?: string): ServiceState {
    const status = this.driver.status();
    const episode = episodeId === undefined ? undefined : this.episodes.get(episodeId);
    const logged = episodeId !== undefined && !episode ? this.log.byEpisode(episodeId) : null;
    if (episodeId !== undefined && !episode && !logged)
      throw new ServeError(404, 'UNKNOWN_EPISODE', `unknown episode ${episodeId}`);
    return {
      episode_id: episodeId ?? null,
      step_count: logged
        ? this.domain.interactive
          ? episodeActions(logged.completion).length
          : 1
        : (episode?.play?.turns.length ?? 0),
      epoch: episode?.slot.epoch ?? logged?.epoch ?? status.epoch,
      finished: this.driver.finished,
      closed_epochs: status.closedEpochs,
      open_rounds: status.openRounds,
      preparing: status.preparing,
      open_episodes: this.episodes.size,
      counters: this.counters,
      failure: this.driver.failure,
      ...processUsage(),
    };
  }

  /** Whether an episode is open or logged. */
  knowsEpisode(episodeId: string): boolean {
    return this.episodes.has(episodeId) || this.log.byEpisode(episodeId) !== null;
  }

  /** The logged or pending answer of a request id, if any (without scoring anything). */
  async answered(requestId: string): Promise<ScoredAnswer | null> {
    const pending = this.pendingRequests.get(requestId);
    if (pending) return pending.result;
    const logged = this.log.byRequest(requestId);
    return logged ? this.replay(logged) : null;
  }

  private expireIdle(): void {
    const cutoff = Date.now() - this.limits.idleMs;
    for (const episode of this.episodes.values()) {
      if (episode.lastActive >= cutoff || episode.scoring) continue;
      this.episodes.delete(episode.id);
      this.driver.release(episode.slot);
      this.counters.expired++;
    }
  }

  stop(): void {
    clearInterval(this.reaper);
  }
}
