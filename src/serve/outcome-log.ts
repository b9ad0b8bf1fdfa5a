/**
 * The outcome log, `serve.sqlite`: what makes the service durable and its answers idempotent. It keeps each
 * opened round's proposals, every scored attempt with the answer that was sent (so a retried step is answered
 * the same, also after a restart), later copies of an attempt apart, and the settings fixed at first start.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { GenEnvError, type Proposal } from '../interfaces/index.ts';
import type { ScoredAttempt } from '../core/index.ts';

const SERVE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
  epoch INTEGER PRIMARY KEY,
  proposals TEXT NOT NULL         -- JSON Proposal[] as the simulator wrote them
);
-- Every acknowledged attempt, committed before its answer leaves the server.
CREATE TABLE IF NOT EXISTS outcomes (
  episode_id TEXT PRIMARY KEY,
  request_id TEXT UNIQUE,
  epoch INTEGER NOT NULL,
  flat INTEGER NOT NULL,          -- instance index · G + sample within the round
  completion TEXT NOT NULL,
  reward REAL NOT NULL,
  success INTEGER NOT NULL,
  invalid TEXT,
  response TEXT NOT NULL,         -- the JSON answer sent, replayed to a retried step
  UNIQUE (epoch, flat)
);
-- Later outcomes of an attempt already in outcomes (a backup copy, or the straggler it backed up): answered
-- and kept for retries, never counted.
CREATE TABLE IF NOT EXISTS duplicates (
  episode_id TEXT PRIMARY KEY,
  request_id TEXT UNIQUE,
  epoch INTEGER NOT NULL,
  flat INTEGER NOT NULL,
  completion TEXT NOT NULL,
  reward REAL NOT NULL,
  success INTEGER NOT NULL,
  invalid TEXT,
  response TEXT NOT NULL
);
`;

/** One logged attempt. */
export interface OutcomeRow extends ScoredAttempt {
  episodeId: string;
  requestId: string | null;
  epoch: number;
  flat: number;
  response: string;
  /** Logged in `duplicates`: another outcome of the attempt was logged first. */
  duplicate: boolean;
}

/** An attempt to log: the log decides whether it is its attempt's first outcome or a duplicate. */
export type NewOutcome = Omit<OutcomeRow, 'duplicate'>;

interface StoredRow {
  episode_id: string;
  request_id: string | null;
  epoch: number;
  flat: number;
  completion: string;
  reward: number;
  success: number;
  invalid: string | null;
  response: string;
}

const fromStored = (row: StoredRow, duplicate: boolean): OutcomeRow => ({
  episodeId: row.episode_id,
  requestId: row.request_id,
  epoch: row.epoch,
  flat: row.flat,
  completion: JSON.parse(row.completion),
  reward: row.reward,
  success: row.success === 1,
  invalid: row.invalid,
  response: row.response,
  duplicate,
});

const COLUMNS = '(@episodeId, @requestId, @epoch, @flat, @completion, @reward, @success, @invalid, @response)';

/**
 * The service's durable log, `serve.sqlite` in the run directory: the task types of each opened round
 * and every scored attempt. Appends are group-committed: the attempts that arrive within one turn of
 * the event loop share one fsync'd transaction (WAL, synchronous=FULL), and each append resolves only
 * after its transaction committed — so an acknowledged outcome survives `kill -9`. The first outcome of an
 * attempt goes to `outcomes` (what the curriculum counts), any later one to `duplicates`.
 */
export class OutcomeLog {
  private readonly database: Database.Database;
  private pending: {
    row: NewOutcome;
    resolve: (verdict: { duplicate: boolean }) => void;
    reject: (error: Error) => void;
  }[] = [];
  private scheduled = false;
  private readonly insert: Database.Statement;
  private readonly insertDuplicate: Database.Statement;
  private readonly selectAttempt: Database.Statement;
  private readonly selectEpisode: Database.Statement;
  private readonly selectRequest: Database.Statement;
  private readonly selectDuplicateEpisode: Database.Statement;
  private readonly selectDuplicateRequest: Database.Statement;

  constructor(directory: string) {
    try {
      this.database = new Database(join(directory, 'serve.sqlite'));
      this.database.pragma('journal_mode = WAL');
      this.database.pragma('synchronous = FULL');
      this.database.exec(SERVE_SCHEMA);
    } catch (error) {
      throw new GenEnvError('store', `cannot open serve.sqlite in ${directory}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.insert = this.database.prepare(`INSERT INTO outcomes VALUES ${COLUMNS}`);
    this.insertDuplicate = this.database.prepare(`INSERT INTO duplicates VALUES ${COLUMNS}`);
    this.selectAttempt = this.database.prepare('SELECT 1 FROM outcomes WHERE epoch = ? AND flat = ?');
    this.selectEpisode = this.database.prepare('SELECT * FROM outcomes WHERE episode_id = ?');
    this.selectRequest = this.database.prepare('SELECT * FROM outcomes WHERE request_id = ?');
    this.selectDuplicateEpisode = this.database.prepare('SELECT * FROM duplicates WHERE episode_id = ?');
    this.selectDuplicateRequest = this.database.prepare('SELECT * FROM duplicates WHERE request_id = ?');
  }

  /** A setting fixed when the service first started (e.g. `prefetch`); stores `fallback` when absent. */
  setting(key: string, fallback: string): string {
    this.database.prepare('INSERT OR IGNORE INTO meta VALUES (?, ?)').run(key, fallback);
    return (this.database.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string }).value;
  }

  /** Commits a round's proposals (before any of its tasks is handed out). */
  saveRound(epoch: number, proposals: readonly Proposal[]): void {
    this.database.prepare('INSERT OR REPLACE INTO rounds VALUES (?, ?)').run(epoch, JSON.stringify(proposals));
  }

  /** Rounds opened after `epoch`, oldest first. */
  roundsAfter(epoch: number): { epoch: number; proposals: Proposal[] }[] {
    const rows = this.database.prepare('SELECT * FROM rounds WHERE epoch > ? ORDER BY epoch').all(epoch) as {
      epoch: number;
      proposals: string;
    }[];
    return rows.map((row) => ({ epoch: row.epoch, proposals: JSON.parse(row.proposals) }));
  }

  /**
   * Queues an attempt; resolves once it is committed, with whether it was a duplicate (its attempt already had
   * an outcome), and rejects when it conflicts with a logged one (its episode or request id is taken).
   */
  append(row: NewOutcome): Promise<{ duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // One millisecond lets the steps of several sockets join one fsync'd transaction.
        setTimeout(() => this.flush(), 1);
      }
    });
  }

  /** Commits the queued attempts in one transaction; a conflicting row fails alone. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const verdicts: (Error | { duplicate: boolean })[] = [];
    try {
      this.database.transaction(() => {
        for (const { row } of batch) verdicts.push(this.insertRow(row));
      })();
    } catch (error) {
      for (const entry of batch) entry.reject(error as Error);
      return;
    }
    batch.forEach((entry, index) => {
      const verdict = verdicts[index]!;
      if (verdict instanceof Error) entry.reject(verdict);
      else entry.resolve(verdict);
    });
  }

  /** Inserts one row inside the flush's transaction: into outcomes if it is its attempt's first, else duplicates. */
  private insertRow(row: NewOutcome): Error | { duplicate: boolean } {
    if (this.byEpisode(row.episodeId)) return new Error(`episode ${row.episodeId} is already logged`);
    if (row.requestId !== null && this.byRequest(row.requestId))
      return new Error(`request_id ${row.requestId} is already logged`);
    const duplicate = this.selectAttempt.get(row.epoch, row.flat) !== undefined;
    try {
      (duplicate ? this.insertDuplicate : this.insert).run({
        ...row,
        completion: JSON.stringify(row.completion),
        success: row.success ? 1 : 0,
      });
    } catch (error) {
      return error as Error;
    }
    return { duplicate };
  }

  /** The logged outcome of an episode (first or duplicate), or null. */
  byEpisode(episodeId: string): OutcomeRow | null {
    const row = this.selectEpisode.get(episodeId) as StoredRow | undefined;
    if (row) return fromStored(row, false);
    const duplicate = this.selectDuplicateEpisode.get(episodeId) as StoredRow | undefined;
    return duplicate ? fromStored(duplicate, true) : null;
  }

  /** The logged outcome of a request id (first or duplicate), or null. */
  byRequest(requestId: string): OutcomeRow | null {
    const row = this.selectRequest.get(requestId) as StoredRow | undefined;
    if (row) return fromStored(row, false);
    const duplicate = this.selectDuplicateRequest.get(requestId) as StoredRow | undefined;
    return duplicate ? fromStored(duplicate, true) : null;
  }

  /** Logged attempts of one round. */
  outcomesOf(epoch: number): OutcomeRow[] {
    const rows = this.database
      .prepare('SELECT * FROM outcomes WHERE epoch = ? ORDER BY flat')
      .all(epoch) as StoredRow[];
    return rows.map((row) => fromStored(row, false));
  }

  /** Outcomes logged (first outcomes of their attempts; duplicates apart). */
  count(): number {
    return (this.database.prepare('SELECT COUNT(*) AS n FROM outcomes').get() as { n: number }).n;
  }

  close(): void {
    if (this.pending.length) this.flush();
    if (this.database.open) this.database.close();
  }
}
