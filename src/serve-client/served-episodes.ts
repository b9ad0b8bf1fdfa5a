/**
 * The served episodes of one epoch, as a trainer claims them: GRPO groups of resets sharing a group key, and
 * idempotent steps, over OpenEnv's HTTP routes, through the client's typed methods.
 */
import { randomUUID } from 'node:crypto';
import { type Action, GenEnvError, type ResetObservation } from '../interfaces/index.ts';
import { ServeClient } from './client.ts';
import { ServiceProtocolError, ServiceRefusal, ServiceUnreachable } from './service-errors.ts';

/** A reset observation of a single-response task, as `genenv serve` sends it (never the answer). */
export type TaskObservation = ResetObservation;

/** One GRPO group as the service handed it out: the episodes of one task instance, in attempt order. */
export interface ServedGroup {
  /** The first member's observation (all members share the task). */
  observation: TaskObservation;
  episodeIds: string[];
}

/** Attempts of one served epoch, claimed group by group: all that were left, or as many as the service lets one hold. */
export interface ServedBatch {
  epoch: number;
  /** G, the service's attempts per task instance. */
  groupSize: number;
  groups: ServedGroup[];
  /** Whether this batch holds the epoch's last attempts. */
  last: boolean;
}

/** What a step answered: the verifier's reward in [0, 1] and whether the attempt counts as a success for p̂. */
export interface StepOutcome {
  reward: number;
  success: boolean;
}

/** An action as the protocol takes it: the response text, its tool calls and the policy version that wrote it. */
export type ServedAction = Action;

export interface ServedCurriculumOptions {
  /** How long a refused connection or a busy service (503) is retried before the trainer gives up, in ms. */
  patienceMs?: number;
  /** First pause between retries, in ms (doubled up to 1 s). */
  retryMs?: number;
}

/** A refusal with this status and code. */
const refused = (error: unknown, status: number, code: string): error is ServiceRefusal =>
  error instanceof ServiceRefusal && error.status === status && error.refusalCode === code;

/**
 * The trainer's side of the protocol, over OpenEnv's HTTP routes only: it claims a served epoch as GRPO
 * groups (resets sharing a `group_key` get the same task instance, at most G of them) and steps answers
 * with idempotent request ids. Built for a trainer that is the service's only client: it claims exactly
 * the attempts the epoch has left (`/state` says how many), so that the epoch closes once they are stepped.
 */
export class ServedCurriculum {
  readonly client: ServeClient;
  private readonly patienceMs: number;
  private readonly retryMs: number;
  private readonly tag = randomUUID().slice(0, 8);
  private serial = 0;
  /** The epoch being claimed and its attempts not yet claimed; null between epochs. */
  private claiming: { epoch: number; left: number } | null = null;

  constructor(url: string, token: string | undefined, options: ServedCurriculumOptions = {}) {
    this.client = new ServeClient(url, token, 64);
    this.patienceMs = options.patienceMs ?? 300_000;
    this.retryMs = options.retryMs ?? 50;
  }

  close(): void {
    this.client.close();
  }

  /**
   * A call, retried while the service cannot be reached or refuses with 503 (busy, or preparing the next epoch),
   * and at its session cap unless `capacity` is 'refuse'; any other refusal is thrown as it is. Past the patience,
   * one line says why.
   */
  private async patiently<Answer>(
    call: () => Promise<Answer>,
    options: { patienceMs?: number; capacity?: 'retry' | 'refuse' } = {},
  ): Promise<Answer> {
    const deadline = performance.now() + (options.patienceMs ?? this.patienceMs);
    for (let failures = 0; ; failures++) {
      let reason: string;
      try {
        return await call();
      } catch (error) {
        if (error instanceof ServiceUnreachable) reason = error.message;
        else if (!(error instanceof ServiceRefusal) || error.status !== 503) throw error;
        else if (options.capacity === 'refuse' && error.refusalCode === 'CAPACITY_REACHED') throw error;
        else reason = `genenv serve at ${this.client.baseUrl}: ${error.reason}`;
      }
      if (performance.now() > deadline) throw new GenEnvError('service', reason);
      await this.pause(failures);
    }
  }

  /** The served domain's name, from OpenEnv's `/metadata` (`genenv-<domain>`); a service not up in 10 s is an error. */
  async domainName(): Promise<string> {
    const notService = (why: string) =>
      new GenEnvError('service', `${this.client.baseUrl} is not a genenv serve: ${why}`);
    let name: string;
    try {
      ({ name } = await this.patiently(() => this.client.metadata(), { patienceMs: 10_000 }));
    } catch (error) {
      if (error instanceof ServiceRefusal || error instanceof ServiceProtocolError) throw notService(error.message);
      throw error;
    }
    if (!name.startsWith('genenv-')) throw notService(`GET /metadata names "${name.slice(0, 100)}"`);
    return name.slice('genenv-'.length);
  }

  /**
   * A reset with a group key: the observation, or why there is none: the key's instance has all its attempts
   * ('group-full'), the service holds as many open episodes as it allows ('capacity'), the run is over.
   */
  private async reset(groupKey: string): Promise<TaskObservation | 'group-full' | 'capacity' | 'finished'> {
    try {
      const answer = await this.patiently(() => this.client.reset({ group_key: groupKey }), { capacity: 'refuse' });
      return answer.observation;
    } catch (error) {
      if (refused(error, 410, 'FINISHED')) return 'finished';
      if (refused(error, 503, 'CAPACITY_REACHED')) return 'capacity';
      if (refused(error, 409, 'GROUP_FULL')) return 'group-full';
      throw error;
    }
  }

  /** Attempts of `epoch` not yet scored (those just claimed included), from `/state` (the open rounds). */
  private async attemptsLeft(epoch: number): Promise<number> {
    const state = await this.patiently(() => this.client.state());
    const round = state.open_rounds.find((entry) => entry.epoch === epoch);
    if (!round) throw new GenEnvError('service', `GET /state does not list epoch ${epoch} among the open rounds`);
    return round.size - round.done;
  }

  /** Gives unscored episodes back to the service; one that expired meanwhile has gone back already. */
  private async release(observations: readonly TaskObservation[]): Promise<void> {
    await Promise.all(
      observations.map(async (entry) => {
        try {
          await this.patiently(() => this.client.closeEpisode(entry.episode_id));
        } catch (error) {
          if (!refused(error, 404, 'UNKNOWN_EPISODE')) throw error;
        }
      }),
    );
  }

  /**
   * Claims the next batch of GRPO groups: the attempts left of the epoch being claimed, or of the next one
   * (waiting while the service prepares it); as many whole groups as the service's session cap lets the trainer
   * hold (a group the cap cuts short goes back whole and comes first in the next batch). The first reset of a
   * group is sent alone, so group i gets the i-th untouched instance and batches do not depend on timing; the
   * group's other members follow together. Null once the service's run is over.
   */
  async claimBatch(): Promise<ServedBatch | null> {
    const groups: ServedGroup[] = [];
    const deadline = performance.now() + this.patienceMs;
    let waits = 0;
    const waitForRoom = async () => {
      if (performance.now() > deadline)
        throw new GenEnvError('service', `genenv serve at ${this.client.baseUrl}: its session cap stays reached`);
      await this.pause(waits++);
    };
    let finished = false;
    while (this.claiming === null || this.claiming.left > 0) {
      const key = this.nextKey();
      const opening = await this.reset(key);
      if (opening === 'finished') {
        finished = true;
        break;
      }
      if (opening === 'group-full') throw new GenEnvError('internal', 'a fresh group key was reported full');
      if (opening === 'capacity') {
        if (groups.length > 0) break;
        await waitForRoom();
        continue;
      }
      if (this.claiming === null)
        this.claiming = { epoch: opening.task.epoch, left: await this.attemptsLeft(opening.task.epoch) };
      else if (opening.task.epoch !== this.claiming.epoch) {
        // Another client took attempts of this epoch: the next epoch's attempt goes back for later.
        await this.release([opening]);
        this.claiming.left = 0;
        break;
      }
      const wanted = Math.min(opening.task.group_size, this.claiming.left) - 1;
      const members = await Promise.all(Array.from({ length: Math.max(0, wanted) }, () => this.reset(key)));
      const claimed = [opening, ...members.filter((member): member is TaskObservation => typeof member !== 'string')];
      if (members.includes('capacity')) {
        await this.release(claimed);
        if (groups.length > 0) break;
        await waitForRoom();
        continue;
      }
      this.claiming.left -= claimed.length;
      claimed.sort((first, second) => first.task.attempt - second.task.attempt);
      groups.push({ observation: claimed[0]!, episodeIds: claimed.map((member) => member.episode_id) });
    }
    if (this.claiming === null) return null;
    const { epoch, left } = this.claiming;
    const last = left <= 0 || finished;
    if (last) this.claiming = null;
    return { epoch, groupSize: groups[0]?.observation.task.group_size ?? 0, groups, last };
  }

  private pause(failures: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.min(1000, this.retryMs * 2 ** Math.min(failures, 10))));
  }

  /** A group key unique within this trainer process. */
  private nextKey(): string {
    this.serial += 1;
    return `${this.tag}-${this.serial}`;
  }

  /**
   * Steps one single-response episode (idempotent by its request id, so a retried step is never counted twice).
   * Null when the service no longer knows the episode (it expired unstepped and its attempt was handed out again), or
   * when its answer came after another copy of the attempt was scored (a duplicate: recorded, never counted).
   */
  async step(episodeId: string, action: ServedAction): Promise<StepOutcome | null> {
    const request = { episode_id: episodeId, action, request_id: `${episodeId}:1` };
    let answer: Awaited<ReturnType<ServeClient['step']>>;
    try {
      answer = await this.patiently(() => this.client.step(request));
    } catch (error) {
      if (refused(error, 404, 'UNKNOWN_EPISODE')) return null;
      throw error;
    }
    if (!answer.done)
      throw new GenEnvError(
        'service',
        `episode ${episodeId} goes on after one step: the served trainer plays single-response domains`,
      );
    if (answer.observation.duplicate) return null;
    return { reward: answer.reward, success: answer.observation.feedback.success };
  }
}
