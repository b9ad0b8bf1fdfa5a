/** One D_train trace, as read from the store in trace order, with the instance it attempted. */
export interface PoolTraceRow {
  /** The trace's row id (traces are numbered in the order they were committed). */
  traceId: number;
  /** The epoch the trace entered D_train. */
  poolEpoch: number;
  /** The epoch of the instance's task type. */
  instanceEpoch: number;
  proposalId: string;
  instanceId: string;
  /** The instance as stored (JSON). */
  payload: string;
}

/** The first D_train trace that carried a payload. */
interface FirstSighting {
  poolEpoch: number;
  instanceEpoch: number;
  /** proposal id and instance id as SQLite's BINARY collation orders them: their UTF-8 bytes. */
  proposalKey: Buffer;
  instanceKey: Buffer;
  payload: string;
}

const byInstanceOrder = (a: FirstSighting, b: FirstSighting): number =>
  a.instanceEpoch - b.instanceEpoch ||
  Buffer.compare(a.proposalKey, b.proposalKey) ||
  Buffer.compare(a.instanceKey, b.instanceKey);

/**
 * D_train's distinct task instances, kept up to date from the traces committed since the last read instead of
 * re-reading and re-sorting the whole pool each epoch (which grew to 4% of the default run). Its answer is the
 * one of
 *
 *   SELECT DISTINCT payload … WHERE pool epoch < E ORDER BY instance epoch, proposal id, instance id
 *
 * which keeps, of a payload seen under several keys (an instance and its replays), the first trace that carried
 * it. That holds for every E as long as the pool's epochs never decrease in trace order, which commits in epoch
 * order give; `payloadsBefore` answers null otherwise, and the caller reads the pool itself.
 */
export class TrainPoolIndex {
  private readonly sightings = new Map<string, FirstSighting>();
  /** Every (proposal id, instance id) a scanned trace attempted: replacing one of them makes the index stale. */
  private readonly keys = new Set<string>();
  private ordered: FirstSighting[] = [];
  private sorted = true;
  private lastTrace = 0;
  private lastEpoch = -Infinity;
  private inOrder = true;

  /** The highest trace id already read (0 before any): the next read starts after it. */
  get lastTraceId(): number {
    return this.lastTrace;
  }

  /** Whether replacing the stored instance (proposalId, instanceId) would change what was read. */
  holds(proposalId: string, instanceId: string): boolean {
    return this.keys.has(keyOf(proposalId, instanceId));
  }

  /** Adds the D_train traces committed after `lastTraceId`, in trace order. */
  add(rows: readonly PoolTraceRow[]): void {
    for (const row of rows) {
      if (row.traceId <= this.lastTrace) throw new RangeError(`trace ${row.traceId} read out of order`);
      this.lastTrace = row.traceId;
      if (row.poolEpoch < this.lastEpoch) this.inOrder = false;
      this.lastEpoch = Math.max(this.lastEpoch, row.poolEpoch);
      this.keys.add(keyOf(row.proposalId, row.instanceId));
      if (this.sightings.has(row.payload)) continue;
      const sighting: FirstSighting = {
        poolEpoch: row.poolEpoch,
        instanceEpoch: row.instanceEpoch,
        proposalKey: Buffer.from(row.proposalId, 'utf8'),
        instanceKey: Buffer.from(row.instanceId, 'utf8'),
        payload: row.payload,
      };
      this.sightings.set(row.payload, sighting);
      this.ordered.push(sighting);
      this.sorted = false;
    }
  }

  /**
   * The distinct payloads of D_train traces of epochs before `beforeEpoch`, ordered by their instance's epoch,
   * proposal id and instance id; null when the traces were not committed in epoch order.
   */
  payloadsBefore(beforeEpoch: number): string[] | null {
    if (!this.inOrder) return null;
    if (!this.sorted) {
      this.ordered.sort(byInstanceOrder);
      this.sorted = true;
    }
    const payloads: string[] = [];
    for (const sighting of this.ordered) if (sighting.poolEpoch < beforeEpoch) payloads.push(sighting.payload);
    return payloads;
  }
}

const keyOf = (proposalId: string, instanceId: string): string => `${proposalId}\u0000${instanceId}`;
