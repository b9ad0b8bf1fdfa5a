/**
 * A round's attempts: one served epoch laid out as attempts (each instance G times, a GRPO group), their
 * hand-out state (free, out or done, with leases and backup copies), group keys and the outcomes scored.
 * Pure bookkeeping: no I/O, and the clock is passed in, so a round hands out the same attempts whatever the
 * timing; the curriculum driver opens and closes rounds, the outcome log makes their outcomes durable.
 */
import type { InstanceAttempts, ScoredAttempt, TaskType } from '../core/index.ts';
import type { AgentPrompt, Domain, TaskInstance } from '../interfaces/index.ts';

/** One attempt of a task instance: the unit a `reset` hands out. `flat` = instance index · G + sample. */
export interface Slot {
  epoch: number;
  flat: number;
  taskTypeIndex: number;
  instanceIndex: number;
  sample: number;
}

/** When a claim may take an attempt that is already out: its lease cutoff, and whether a backup copy is allowed. */
export interface ClaimTerms {
  /** Now, in ms of a monotonic clock (the lease clock). */
  now: number;
  /** Attempts idle since this time or earlier (ms) have outlived their lease: they may be handed out again. */
  cutoff: number;
  /** Nothing else is left to hand out: an attempt held by one episode only may get a backup copy. */
  backup: boolean;
}

/** An attempt's hand-out state, one byte per attempt in the ledger. */
const FREE = 0;
const OUT = 1;
const DONE = 2;

/** An entry of the hand-out queue: an attempt and the stamp it had when queued (stale once the stamp moved on). */
interface Queued {
  flat: number;
  stamp: number;
}

/**
 * The hand-out state of a round's attempts: free, out (held by one or more open episodes) or done, how many
 * episodes hold each, and when each was last handed out or played (its stamp, in ms of a monotonic clock the
 * caller passes in). Free attempts come lowest index first, those given back before the others; out attempts
 * are kept in stamp order, so the longest-idle one is found in amortised constant time. Pure bookkeeping.
 */
export class AttemptLedger {
  private readonly state: Uint8Array;
  private readonly holders: Uint32Array;
  private readonly stamps: Float64Array;
  private cursor = 0;
  /** Attempts given back (closed or expired with no other holder), ascending. */
  private readonly returned: number[] = [];
  /** Out attempts by stamp, oldest first; entries whose attempt moved on are skipped lazily. */
  private queue: Queued[] = [];
  private head = 0;
  private doneCount = 0;
  private outCount = 0;

  constructor(readonly size: number) {
    this.state = new Uint8Array(size);
    this.holders = new Uint32Array(size);
    this.stamps = new Float64Array(size);
  }

  get done(): number {
    return this.doneCount;
  }

  /** Attempts handed out and not yet scored. */
  get outstanding(): number {
    return this.outCount;
  }

  isFree(flat: number): boolean {
    return this.state[flat] === FREE;
  }

  isDone(flat: number): boolean {
    return this.state[flat] === DONE;
  }

  /** The lowest free attempt (those given back first), or null when every attempt is out or done. */
  nextFree(): number | null {
    while (this.returned.length && this.state[this.returned[0]!] !== FREE) this.returned.shift();
    if (this.returned.length) return this.returned[0]!;
    while (this.cursor < this.size && this.state[this.cursor] !== FREE) this.cursor++;
    return this.cursor < this.size ? this.cursor : null;
  }

  /** Whether an attempt is out and idle since `cutoff` or earlier: its lease ran out. */
  isOverdue(flat: number, cutoff: number): boolean {
    return this.state[flat] === OUT && this.stamps[flat]! <= cutoff;
  }

  /** The out attempt idle longest, if its lease ran out (stamp ≤ `cutoff`), else null. */
  overdue(cutoff: number): number | null {
    const oldest = this.oldest();
    return oldest !== null && this.stamps[oldest]! <= cutoff ? oldest : null;
  }

  /** The out attempt idle longest among those held by a single episode (a backup copy of it is not out yet). */
  backup(): number | null {
    for (let index = this.head; index < this.queue.length; index++) {
      const { flat, stamp } = this.queue[index]!;
      if (this.state[flat] === OUT && this.stamps[flat] === stamp && this.holders[flat] === 1) return flat;
    }
    return null;
  }

  /** The stamp of the out attempt idle longest, or null when none is out. */
  oldestStamp(): number | null {
    const oldest = this.oldest();
    return oldest === null ? null : this.stamps[oldest]!;
  }

  /** Hands an attempt out (free, or out again as a copy) at time `now`; a done attempt is never handed out. */
  take(flat: number, now: number): void {
    if (this.state[flat] === DONE) return;
    if (this.state[flat] === FREE) this.outCount++;
    this.state[flat] = OUT;
    this.holders[flat]!++;
    this.stamp(flat, now);
  }

  /** An episode holding the attempt acted at `now` (a turn of a multi-turn episode): its lease starts again. */
  touch(flat: number, now: number): void {
    if (this.state[flat] === OUT) this.stamp(flat, now);
  }

  /** One holder gave the attempt back (closed or expired); with no holder left it is free again. */
  release(flat: number): void {
    if (this.state[flat] !== OUT) return;
    this.holders[flat]!--;
    if (this.holders[flat]! > 0) return;
    this.state[flat] = FREE;
    this.outCount--;
    const position = this.returned.findIndex((value) => value > flat);
    this.returned.splice(position < 0 ? this.returned.length : position, 0, flat);
  }

  /** The attempt is scored (once; later calls change nothing). Returns whether this call recorded it. */
  record(flat: number): boolean {
    if (this.state[flat] === DONE) return false;
    if (this.state[flat] === OUT) this.outCount--;
    this.state[flat] = DONE;
    this.holders[flat] = 0;
    this.doneCount++;
    return true;
  }

  private stamp(flat: number, now: number): void {
    this.stamps[flat] = now;
    this.queue.push({ flat, stamp: now });
  }

  /** The out attempt with the oldest stamp; drops stale entries from the front of the queue. */
  private oldest(): number | null {
    while (this.head < this.queue.length) {
      const { flat, stamp } = this.queue[this.head]!;
      if (this.state[flat] === OUT && this.stamps[flat] === stamp) break;
      this.head++;
    }
    // Drop the skipped entries once they are most of the queue, so it stays within a few times the live ones.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return this.head < this.queue.length ? this.queue[this.head]!.flat : null;
  }
}

/**
 * One served epoch ("round"): the task types the simulator proposed, each instantiated n times, each
 * instance attempted G times (a GRPO group). Hands out free attempts lowest index first, so a run's traces
 * do not depend on which client asked first; attempts given back come first. An attempt out longer than its
 * lease is handed out again, and so, when nothing else is left, is any attempt held by one episode only (a
 * backup copy, as MapReduce's backup tasks): the first scored answer counts. No I/O; the clock is passed in.
 */
export class Round {
  readonly instances: { taskTypeIndex: number; instance: TaskInstance }[];
  private readonly ledger: AttemptLedger;
  private readonly outcomes: (ScoredAttempt | undefined)[];
  private readonly prompts: (AgentPrompt | undefined)[];
  private readonly groups = new Map<string, number>();
  /** Attempts handed out again while out (after their lease, or as backups). */
  reissued = 0;

  constructor(
    readonly epoch: number,
    readonly taskTypes: readonly TaskType[],
    readonly groupSize: number,
  ) {
    this.instances = taskTypes.flatMap((taskType, taskTypeIndex) =>
      taskType.instances.map((instance) => ({ taskTypeIndex, instance })),
    );
    this.ledger = new AttemptLedger(this.instances.length * groupSize);
    this.outcomes = new Array(this.ledger.size);
    this.prompts = new Array(this.instances.length);
  }

  get size(): number {
    return this.ledger.size;
  }

  get done(): number {
    return this.ledger.done;
  }

  /** Attempts handed out and not yet scored. */
  get outstanding(): number {
    return this.ledger.outstanding;
  }

  /** Every attempt handed out or scored. */
  get exhausted(): boolean {
    return this.ledger.nextFree() === null;
  }

  /** Every attempt scored: the round can be assessed. */
  get complete(): boolean {
    return this.ledger.done === this.ledger.size;
  }

  /** When the longest-idle outstanding attempt was last handed out or played (ms), or null when none is out. */
  get oldestOutstanding(): number | null {
    return this.ledger.oldestStamp();
  }

  slotAt(flat: number): Slot {
    const instanceIndex = Math.floor(flat / this.groupSize);
    return {
      epoch: this.epoch,
      flat,
      instanceIndex,
      sample: flat % this.groupSize,
      taskTypeIndex: this.instances[instanceIndex]!.taskTypeIndex,
    };
  }

  /** The rendered prompt of an instance (rendered once). */
  prompt(domain: Domain, instanceIndex: number): AgentPrompt {
    let prompt = this.prompts[instanceIndex];
    if (!prompt) {
      prompt = domain.render(this.instances[instanceIndex]!.instance);
      this.prompts[instanceIndex] = prompt;
    }
    return prompt;
  }

  /**
   * Hands out an attempt. Without a group key: the lowest free one, else one whose lease ran out, else (when
   * `terms.backup`) a backup of the one idle longest. With a new key: the first instance with all G attempts
   * free if any, and the key is bound to the instance it got; later resets with that key get its other free
   * (or lease-expired) attempts, `group-full` when none is left. Null when nothing can be handed out.
   */
  claim(groupKey: string | undefined, terms: ClaimTerms): Slot | null | 'group-full' {
    const bound = groupKey === undefined ? undefined : this.groups.get(groupKey);
    let flat: number | null;
    if (bound !== undefined) {
      flat =
        this.sampleOf(bound, (candidate) => this.ledger.isFree(candidate)) ??
        this.sampleOf(bound, (candidate) => this.ledger.isOverdue(candidate, terms.cutoff));
      if (flat === null) return 'group-full';
    } else {
      flat = this.ledger.nextFree();
      if (flat !== null && groupKey !== undefined)
        flat = this.firstUntouched(Math.floor(flat / this.groupSize)) ?? flat;
      flat ??= this.ledger.overdue(terms.cutoff) ?? (terms.backup ? this.ledger.backup() : null);
      if (flat === null) return null;
      if (groupKey !== undefined) this.groups.set(groupKey, Math.floor(flat / this.groupSize));
    }
    if (!this.ledger.isFree(flat)) this.reissued++;
    this.ledger.take(flat, terms.now);
    return this.slotAt(flat);
  }

  private sampleOf(instance: number, accept: (flat: number) => boolean): number | null {
    for (let sample = 0; sample < this.groupSize; sample++) {
      const candidate = instance * this.groupSize + sample;
      if (accept(candidate)) return candidate;
    }
    return null;
  }

  /** First attempt of the first instance from `start` on whose G attempts are all free, so a group gets all G. */
  private firstUntouched(start: number): number | null {
    for (let instance = start; instance < this.instances.length; instance++) {
      const first = instance * this.groupSize;
      let free = true;
      for (let sample = 0; sample < this.groupSize && free; sample++) free = this.ledger.isFree(first + sample);
      if (free) return first;
    }
    return null;
  }

  /** Whether a group key is bound to an instance of this round. */
  hasGroup(groupKey: string): boolean {
    return this.groups.has(groupKey);
  }

  /** One episode gave its unscored attempt back (expired or closed); free again once no episode holds it. */
  release(flat: number): void {
    this.ledger.release(flat);
  }

  /** An episode holding the attempt played a turn at `now` (ms): its lease starts again. */
  touch(flat: number, now: number): void {
    this.ledger.touch(flat, now);
  }

  /** Records a scored attempt; the first counts, a later call for the same attempt is ignored (returns false). */
  record(flat: number, outcome: ScoredAttempt): boolean {
    if (!this.ledger.record(flat)) return false;
    this.outcomes[flat] = outcome;
    return true;
  }

  isDone(flat: number): boolean {
    return this.ledger.isDone(flat);
  }

  /** Outcomes of one instance's G attempts in sample order (all present once the round is complete). */
  groupOutcomes(instanceIndex: number): ScoredAttempt[] {
    const start = instanceIndex * this.groupSize;
    return this.outcomes.slice(start, start + this.groupSize).filter((outcome) => outcome !== undefined);
  }

  /** Every instance's prompt and scored attempts, in order: what the loop's attempt phase would have produced. */
  attempts(domain: Domain): InstanceAttempts[] {
    return this.instances.map((_, index) => ({
      prompt: this.prompt(domain, index),
      attempts: this.groupOutcomes(index),
    }));
  }
}
