/**
 * The curriculum driver: which served epochs ("rounds") are open, and when each opens and closes. A round
 * opens with the loop's own generate phase and closes, once every attempt is scored, with its assess, update,
 * evaluate and commit phases; the driver hands attempts out to the episode service oldest round first.
 */
import {
  assess,
  commit,
  type EpochRecord,
  evaluate,
  generate,
  openEpoch,
  recordAttempts,
  restore,
  type RunContext,
  type ScoredAttempt,
  type TaskType,
  update,
  warmStart,
} from '../core/index.ts';
import { errorLine, type RoundStatus } from '../interfaces/index.ts';
import type { OutcomeLog } from './outcome-log.ts';
import { Round, type Slot } from './round-attempts.ts';
import type { RecordingSimulator } from './run-context.ts';

/** The trainer is the agent: its traces carry this version label. */
const EXTERNAL_AGENT = 'external';

/** An opened round: the epoch as the generate phase left it, laid out as attempts. */
interface OpenRound {
  round: Round;
  record: EpochRecord<TaskType>;
}

/**
 * Opens an epoch with the loop's own generate phase (Algorithm 1, steps 1–2): contexts, the simulator's
 * proposals, validation and n variations each, plus the base-data task types of the run's baseFraction.
 * Each instance is attempted G times by the trainer.
 */
async function openRound(run: RunContext, epoch: number): Promise<OpenRound> {
  const record = await generate(run, openEpoch(run, epoch, { agentVersion: EXTERNAL_AGENT }));
  return { round: new Round(epoch, [...record.generated, ...record.replayAndBase], run.config.samples), record };
}

/**
 * Closes a complete round with the loop's own phases once the trainer's attempts are in: assess (p̂ → R_env →
 * band → RWR weight), update (the simulator, from epoch 1, where the variant trains it; the trainer trains the
 * agent), evaluate (nothing: genenv does not hold the trainer's weights) and one atomic commit with
 * metrics.jsonl and summary.json re-rendered. The epoch's wall time runs from `startedAt` (ms, `performance.now()`).
 */
async function closeRound(run: RunContext, open: OpenRound, startedAt: number): Promise<void> {
  const { round, record } = open;
  const counted = { ...record, extra: { ...record.extra, 'serve/attempts': round.size } };
  const assessed = assess(run, recordAttempts(counted, round.attempts(run.domain)));
  await commit(run, await evaluate(run, await update(run, assessed)), startedAt);
}

/** What a claim got: an attempt, or why there is none right now. */
export type Claim =
  | { kind: 'slot'; slot: Slot; round: Round }
  | { kind: 'finished' }
  | { kind: 'stopped'; reason: string }
  | { kind: 'busy'; reason: string }
  | { kind: 'group-full'; reason: string };

/**
 * Schedules the served curriculum. Epochs are rounds 0..E (E = config.epochs); rounds close in order.
 * With `prefetch` 0, round r+1 opens once round r is closed: the schedule of `genenv run`. With prefetch
 * 1, it opens once round r has handed out all its attempts and round r−1 is closed, so the simulator that
 * proposes round r+1 is the one updated on round r−1: one round of lag, which lets a trainer hold a whole
 * batch of episodes open across a round boundary. Every decision depends on the logged outcomes only,
 * never on timing, so a resumed server continues the same run.
 */
export class CurriculumDriver {
  private readonly rounds = new Map<number, OpenRound>();
  private lastOpened = -1;
  private lastClosed = -1;
  private working = false;
  private waiters = new Set<() => void>();
  /** What the worker is doing now (opening or closing an epoch), for waiting clients; null when idle. */
  private preparing: string | null = null;
  private lastCloseTime = performance.now();
  /** Set when the simulator or the store failed: the service refuses work with this reason. */
  failure: string | null = null;

  constructor(
    private readonly run: RunContext,
    private readonly simulator: RecordingSimulator,
    private readonly log: OutcomeLog,
    private readonly prefetch: 0 | 1,
    /** An attempt out this long (ms) without a step is handed out again; the first scored answer counts. */
    private readonly leaseMs: number,
  ) {}

  /** Restores (or starts) the curriculum: simulator state of the last closed epoch, open rounds and their outcomes. */
  async start(): Promise<void> {
    const { store, streams } = this.run;
    const last = store.lastCommittedEpoch();
    const stored = this.log.roundsAfter(last ?? -1);
    for (const round of stored) this.simulator.remember(streams.propose(round.epoch), round.proposals);
    if (last === null) await warmStart(this.run);
    else await restore(this.run, last);
    this.lastClosed = last ?? -1;
    this.lastOpened = this.lastClosed;
    for (const { epoch } of stored) {
      const open = await openRound(this.run, epoch);
      for (const row of this.log.outcomesOf(epoch)) open.round.record(row.flat, row);
      this.rounds.set(epoch, open);
      this.lastOpened = epoch;
    }
    await this.work();
  }

  get finished(): boolean {
    return this.lastClosed >= this.run.config.epochs;
  }

  /** Open epochs and progress, for `/state`. */
  status(): { epoch: number | null; closedEpochs: number; openRounds: RoundStatus[]; preparing: string | null } {
    const openRounds = [...this.rounds.values()].map(({ round }) => ({
      epoch: round.epoch,
      done: round.done,
      size: round.size,
      outstanding: round.outstanding,
      reissued: round.reissued,
    }));
    return {
      epoch: openRounds[0]?.epoch ?? null,
      closedEpochs: this.lastClosed + 1,
      openRounds,
      preparing: this.preparing,
    };
  }

  round(epoch: number): Round | undefined {
    return this.rounds.get(epoch)?.round;
  }

  /** Whether an open round has bound this group key. */
  hasGroup(groupKey: string): boolean {
    return [...this.rounds.values()].some(({ round }) => round.hasGroup(groupKey));
  }

  /**
   * Hands out an attempt, waiting up to `waitMs` while none can be: while the next round is being prepared, or
   * while every outstanding attempt already has a backup within its lease. Wakes when a round opens, an attempt
   * is given back or a lease runs out.
   */
  async claim(groupKey: string | undefined, waitMs: number): Promise<Claim> {
    const deadline = performance.now() + waitMs;
    for (;;) {
      if (this.failure) return { kind: 'stopped', reason: `the curriculum stopped: ${this.failure}` };
      const claimed = this.tryClaim(groupKey);
      if (claimed) return claimed;
      if (this.finished) return { kind: 'finished' };
      const now = performance.now();
      const left = deadline - now;
      if (left <= 0) return { kind: 'busy', reason: this.busyReason(waitMs) };
      await this.changed(Math.max(10, Math.min(left, this.nextLeaseEnd() - now)));
    }
  }

  /**
   * Oldest round first: a free attempt, else one whose lease ran out. Only when nothing is left that way and no
   * round can open now, a backup copy of the attempt idle longest (one that no other client is copying yet).
   */
  private tryClaim(groupKey: string | undefined): Claim | null {
    const now = performance.now();
    const terms = { now, cutoff: now - this.leaseMs, backup: false };
    const open = [...this.rounds.values()];
    const owner = groupKey === undefined ? undefined : open.find(({ round }) => round.hasGroup(groupKey));
    const candidates = owner ? [owner] : open;
    for (const backup of [false, true]) {
      if (backup && this.canOpen()) break;
      for (const { round } of candidates) {
        const result = round.claim(groupKey, { ...terms, backup });
        if (result === 'group-full')
          return {
            kind: 'group-full',
            reason:
              `group ${groupKey} already has its ${round.groupSize} attempts (the run's samples G); ` +
              'use a new group key',
          };
        if (result) {
          if (round.exhausted) void this.work();
          return { kind: 'slot', slot: result, round };
        }
      }
    }
    return null;
  }

  /** When the next lease runs out (ms, lease clock), or +∞ when no attempt is out. */
  private nextLeaseEnd(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const { round } of this.rounds.values()) oldest = Math.min(oldest, round.oldestOutstanding ?? oldest);
    return oldest + this.leaseMs;
  }

  private busyReason(waitMs: number): string {
    const waited = `no task free after waiting ${Math.round(waitMs / 1000)} s`;
    if (this.preparing) return `${waited}: the service is still ${this.preparing}`;
    const outstanding = [...this.rounds.values()]
      .map(({ round }) => `${round.outstanding} of epoch ${round.epoch}`)
      .join(', ');
    return (
      `${waited}: every outstanding attempt (${outstanding || 'none'}) is being worked on by two clients ` +
      'and the next epoch opens when the oldest one closes'
    );
  }

  /** An episode holding the attempt played a turn: its lease starts again. */
  touch(slot: Slot): void {
    this.rounds.get(slot.epoch)?.round.touch(slot.flat, performance.now());
  }

  /** Gives an unscored attempt back. */
  release(slot: Slot): void {
    const round = this.rounds.get(slot.epoch)?.round;
    if (!round) return;
    round.release(slot.flat);
    this.notify();
  }

  /** Counts a logged attempt (call after the log committed it as the attempt's first outcome). */
  record(slot: Slot, outcome: ScoredAttempt): void {
    const round = this.rounds.get(slot.epoch)?.round;
    if (!round?.record(slot.flat, outcome)) return;
    if (round.complete) void this.work();
  }

  private changed(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Opens and closes rounds until nothing is left to do; one worker at a time. */
  private async work(): Promise<void> {
    if (this.working || this.failure) return;
    this.working = true;
    try {
      for (;;) {
        if (this.canOpen()) {
          this.preparing = `opening epoch ${this.lastOpened + 1}`;
          await this.open(this.lastOpened + 1);
        } else if (this.canClose()) {
          this.preparing = `closing epoch ${this.lastClosed + 1} (assessing it, updating the simulator)`;
          await this.close(this.lastClosed + 1);
        } else break;
        this.preparing = null;
        this.notify();
      }
    } catch (error) {
      this.failure = errorLine(error);
    } finally {
      this.working = false;
      this.preparing = null;
      this.notify();
    }
  }

  /** Whether the next round may open now (the one before it handed out, and few enough rounds unclosed). */
  private canOpen(): boolean {
    const next = this.lastOpened + 1;
    if (next > this.run.config.epochs) return false;
    if (this.lastOpened < 0) return true;
    const latest = this.rounds.get(this.lastOpened);
    return (latest === undefined || latest.round.exhausted) && this.lastClosed >= this.lastOpened - this.prefetch;
  }

  private canClose(): boolean {
    const open = this.rounds.get(this.lastClosed + 1);
    return open?.round.complete === true;
  }

  /** Opens an epoch; the recording simulator commits its proposals to the log before any task is handed out. */
  private async open(epoch: number): Promise<void> {
    this.rounds.set(epoch, await openRound(this.run, epoch));
    this.lastOpened = epoch;
  }

  /** Closes an epoch; its clock started when the one before it closed. */
  private async close(epoch: number): Promise<void> {
    await closeRound(this.run, this.rounds.get(epoch)!, this.lastCloseTime);
    this.lastCloseTime = performance.now();
    this.rounds.delete(epoch);
    this.lastClosed = epoch;
  }
}
