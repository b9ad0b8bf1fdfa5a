import type { InstanceAttempts, ScoredAttempt, TaskType } from '../core/index.ts';
import type { AgentPrompt, Domain, TaskInstance } from '../interfaces/index.ts';
import { AttemptLedger } from './attempt-ledger.ts';

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
