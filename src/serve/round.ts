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

const FREE = 0;
const OUT = 1;
const DONE = 2;

/**
 * One served epoch ("round"): the task types the simulator proposed, each instantiated n times, each
 * instance attempted G times (a GRPO group). Hands out free attempts lowest index first, so a
 * run's traces do not depend on which client asked first; attempts that were handed out and expired
 * come back first. Pure bookkeeping: no I/O, no clock.
 */
export class Round {
  readonly instances: { taskTypeIndex: number; instance: TaskInstance }[];
  private readonly state: Uint8Array;
  private readonly outcomes: (ScoredAttempt | undefined)[];
  private readonly prompts: (AgentPrompt | undefined)[];
  private readonly groups = new Map<string, number>();
  private cursor = 0;
  private returned: number[] = [];
  private doneCount = 0;

  constructor(
    readonly epoch: number,
    readonly taskTypes: readonly TaskType[],
    readonly groupSize: number,
  ) {
    this.instances = taskTypes.flatMap((taskType, taskTypeIndex) =>
      taskType.instances.map((instance) => ({ taskTypeIndex, instance })),
    );
    this.state = new Uint8Array(this.instances.length * groupSize);
    this.outcomes = new Array(this.state.length);
    this.prompts = new Array(this.instances.length);
  }

  get size(): number {
    return this.state.length;
  }

  get done(): number {
    return this.doneCount;
  }

  /** Every attempt handed out or scored. */
  get exhausted(): boolean {
    return this.nextFree() === null;
  }

  /** Every attempt scored: the round can be assessed. */
  get complete(): boolean {
    return this.doneCount === this.state.length;
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

  private nextFree(): number | null {
    while (this.returned.length && this.state[this.returned[0]!] !== FREE) this.returned.shift();
    if (this.returned.length) return this.returned[0]!;
    while (this.cursor < this.state.length && this.state[this.cursor] !== FREE) this.cursor++;
    return this.cursor < this.state.length ? this.cursor : null;
  }

  /**
   * Hands out an attempt. Without a group key: the lowest free one. With a key: the first reset picks the
   * first instance with all G attempts free (else the lowest free one), later resets with that key get its
   * other attempts. Null when
   * none is free; `group-full` when the key's instance has no free attempt left.
   */
  claim(groupKey?: string): Slot | null | 'group-full' {
    let flat: number | null;
    const bound = groupKey === undefined ? undefined : this.groups.get(groupKey);
    if (bound !== undefined) {
      flat = null;
      for (let sample = 0; sample < this.groupSize; sample++) {
        const candidate = bound * this.groupSize + sample;
        if (this.state[candidate] === FREE) {
          flat = candidate;
          break;
        }
      }
      if (flat === null) return 'group-full';
    } else {
      flat = this.nextFree();
      if (flat === null) return null;
      if (groupKey !== undefined) {
        flat = this.firstUntouched(Math.floor(flat / this.groupSize)) ?? flat;
        this.groups.set(groupKey, Math.floor(flat / this.groupSize));
      }
    }
    this.state[flat] = OUT;
    return this.slotAt(flat);
  }

  /** First attempt of the first instance from `start` on whose G attempts are all free, so a group gets all G. */
  private firstUntouched(start: number): number | null {
    for (let instance = start; instance < this.instances.length; instance++) {
      const first = instance * this.groupSize;
      let free = true;
      for (let sample = 0; sample < this.groupSize && free; sample++) free = this.state[first + sample] === FREE;
      if (free) return first;
    }
    return null;
  }

  /** Whether a group key is bound to an instance of this round. */
  hasGroup(groupKey: string): boolean {
    return this.groups.has(groupKey);
  }

  /** Gives an unscored attempt back (its episode expired or was closed). */
  release(flat: number): void {
    if (this.state[flat] !== OUT) return;
    this.state[flat] = FREE;
    const position = this.returned.findIndex((value) => value > flat);
    this.returned.splice(position < 0 ? this.returned.length : position, 0, flat);
  }

  /** Records a scored attempt (once; a second call for the same attempt is ignored). */
  record(flat: number, outcome: ScoredAttempt): void {
    if (this.state[flat] === DONE) return;
    this.state[flat] = DONE;
    this.outcomes[flat] = outcome;
    this.doneCount++;
  }

  isDone(flat: number): boolean {
    return this.state[flat] === DONE;
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
