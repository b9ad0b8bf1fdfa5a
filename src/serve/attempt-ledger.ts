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
