import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeZodError,
  EpochMetricsSchema,
  GenEnvError,
  StoredRunConfigSchema,
  type EpochMetrics,
  type RunConfig,
  type RunSummary,
} from '../interfaces/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { type EpochTiming, flattenEpochMetrics, metricsCsv } from './metrics-csv.ts';
import { claimRunDirectory } from './run-lock.ts';
import { SCHEMA, SCHEMA_VERSION } from './schema.ts';
import { type PoolTraceRow, TrainPoolIndex } from './train-pool-index.ts';
import type {
  CoevolutionStore,
  EpochCommit,
  FamilyHistory,
  GroupOutcome,
  ProposalRecord,
  SuccessfulTrace,
  TaskInstance,
  TaskSource,
  TrainPool,
} from '../interfaces/index.ts';

const CONFIG_FILE = 'config.json';
const DATABASE_FILE = 'run.sqlite';

/** Row shape of `proposals`. */
interface ProposalRow {
  id: string;
  epoch: number;
  source: ProposalRecord['source'];
  context_id: string | null;
  seed_id: string | null;
  family: string | null;
  raw: string;
  spec: string | null;
  sample: string | null;
  valid: number;
  reason: string | null;
  success_rate: number | null;
  env_reward: number | null;
  in_band: number | null;
  weight: number | null;
  features: string | null;
  simulator_version: string | null;
  agent_version: string | null;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The run directory (docs/design.md §6.2): config.json, run.sqlite (the source of truth), metrics.jsonl and
 * summary.json (rendered from the database after each commit), checkpoints/.
 */
export class RunStore implements CoevolutionStore {
  /** D_train's distinct instances as of the traces read so far (rebuilt if a commit replaces one of them). */
  private trainPoolIndex = new TrainPoolIndex();

  private constructor(
    readonly directory: string,
    readonly config: RunConfig,
    private readonly database: Database.Database,
    private readonly release: () => void,
  ) {}

  /** Starts a new run in `directory` (created if missing). Refuses a directory that already holds a run. */
  static create(directory: string, config: RunConfig): RunStore {
    if (existsSync(join(directory, CONFIG_FILE)) || existsSync(join(directory, DATABASE_FILE))) {
      throw new GenEnvError(
        'store',
        `${directory} already holds a run; use --resume ${directory} to continue it or choose another --out`,
      );
    }
    let release = () => {};
    try {
      mkdirSync(join(directory, 'checkpoints'), { recursive: true });
      release = claimRunDirectory(directory);
      writeFileAtomic(join(directory, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
      const database = new Database(join(directory, DATABASE_FILE));
      RunStore.prepare(database);
      database.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schemaVersion', String(SCHEMA_VERSION));
      return new RunStore(directory, config, database, release);
    } catch (error) {
      release();
      if (error instanceof GenEnvError) throw error;
      throw new GenEnvError('store', `cannot create run directory ${directory}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** Opens an existing run to resume it; removes what an interrupted epoch left behind. */
  static open(directory: string): RunStore {
    if (!existsSync(directory) || !statSync(directory).isDirectory())
      throw new GenEnvError('resume', `cannot resume: ${directory} is not a directory`);
    const configPath = join(directory, CONFIG_FILE);
    if (!existsSync(configPath) || !existsSync(join(directory, DATABASE_FILE))) {
      throw new GenEnvError(
        'resume',
        `cannot resume: ${directory} holds no run (config.json and run.sqlite are missing)`,
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(configPath, 'utf8'));
    } catch (error) {
      throw new GenEnvError('resume', `cannot resume: ${configPath} is not valid JSON`, { cause: error });
    }
    const parsed = StoredRunConfigSchema.safeParse(raw);
    if (!parsed.success) {
      throw new GenEnvError('resume', `cannot resume: ${configPath}: ${describeZodError(parsed.error)}`);
    }
    const release = claimRunDirectory(directory);
    let database: Database.Database;
    try {
      database = new Database(join(directory, DATABASE_FILE));
      RunStore.prepare(database);
    } catch (error) {
      release();
      throw new GenEnvError(
        'resume',
        `cannot resume: ${join(directory, DATABASE_FILE)} is not a readable run database`,
        { cause: error },
      );
    }
    const store = new RunStore(directory, parsed.data, database, release);
    store.removeUncommittedCheckpoints();
    return store;
  }

  private static prepare(database: Database.Database): void {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.exec(SCHEMA);
  }

  /** Replaces the stored config (used when a resume extends the number of epochs). */
  updateConfig(config: RunConfig): void {
    writeFileAtomic(join(this.directory, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
    (this as { config: RunConfig }).config = config;
  }

  /** Last committed epoch, or null before epoch 0 is committed. */
  lastCommittedEpoch(): number | null {
    const row = this.database.prepare('SELECT MAX(epoch) AS epoch FROM epochs').get() as { epoch: number | null };
    return row.epoch;
  }

  /** Commits one epoch in a single transaction, then re-renders metrics.jsonl and summary.json. */
  commit(commit: EpochCommit): void {
    const insertProposal = this.database.prepare(`INSERT OR REPLACE INTO proposals VALUES
      (@id, @epoch, @source, @contextId, @seedId, @family, @raw, @spec, @sample, @valid, @reason, @successRate,
      @envReward, @inBand, @weight, @features, @simulatorVersion, @agentVersion)`);
    const insertInstance = this.database.prepare('INSERT OR REPLACE INTO instances VALUES (?, ?, ?, ?, ?)');
    const insertTrace = this.database.prepare(`INSERT INTO traces
      (epoch, proposal_id, instance_id, sample, completion, reward, success, invalid, agent_version)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertTrain = this.database.prepare('INSERT INTO pool_train VALUES (?, ?)');
    const insertEnv = this.database.prepare('INSERT OR REPLACE INTO pool_env VALUES (?, ?, ?, ?, ?)');
    const insertEpoch = this.database.prepare('INSERT INTO epochs VALUES (?, ?, ?, ?, ?, ?, ?)');
    const transaction = this.database.transaction((value: EpochCommit) => {
      for (const proposal of value.proposals) {
        insertProposal.run({
          ...proposal,
          spec: json(proposal.spec),
          sample: json(proposal.sample),
          valid: proposal.valid ? 1 : 0,
          inBand: proposal.inBand === null ? null : proposal.inBand ? 1 : 0,
          features: json(proposal.features),
        });
      }
      for (const record of value.instances) {
        insertInstance.run(
          record.instance.id,
          record.proposalId,
          record.epoch,
          record.instance.family,
          JSON.stringify(record.instance),
        );
      }
      for (const trace of value.traces) {
        const result = insertTrace.run(
          trace.epoch,
          trace.proposalId,
          trace.instanceId,
          trace.sample,
          JSON.stringify(trace.completion),
          trace.reward,
          trace.success ? 1 : 0,
          trace.invalid,
          trace.agentVersion,
        );
        if (trace.train) insertTrain.run(result.lastInsertRowid, trace.epoch);
      }
      for (const record of value.poolEnv)
        insertEnv.run(record.proposalId, value.epoch, record.weight, record.envReward, record.successRate);
      insertEpoch.run(
        value.epoch,
        JSON.stringify(value.metrics),
        value.checkpoint,
        value.agentVersion,
        value.simulatorVersion,
        value.wallSeconds,
        new Date().toISOString(),
      );
    });
    const index = this.trainPoolIndex;
    const replacesPoolInstance = commit.instances.some((record) => index.holds(record.proposalId, record.instance.id));
    try {
      transaction(commit);
      if (replacesPoolInstance) this.trainPoolIndex = new TrainPoolIndex();
    } catch (error) {
      throw new GenEnvError(
        'store',
        `cannot commit epoch ${commit.epoch} to ${this.directory}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  /** Committed epochs' metrics, in order; each row is validated as it is read back. */
  metrics(): EpochMetrics[] {
    const rows = this.database.prepare('SELECT epoch, metrics FROM epochs ORDER BY epoch').all() as {
      epoch: number;
      metrics: string;
    }[];
    return rows.map((row) => {
      const parsed = EpochMetricsSchema.safeParse(JSON.parse(row.metrics));
      if (!parsed.success)
        throw new GenEnvError(
          'store',
          `metrics of epoch ${row.epoch} in ${this.directory} are malformed: ${describeZodError(parsed.error)}`,
        );
      return parsed.data;
    });
  }

  /** Checkpoint folder (relative) recorded for an epoch. */
  checkpointOf(epoch: number): string | null {
    const row = this.database.prepare('SELECT checkpoint FROM epochs WHERE epoch = ?').get(epoch) as
      | { checkpoint: string | null }
      | undefined;
    return row?.checkpoint ?? null;
  }

  /** Sum of the epochs' wall-clock seconds (survives resumes). */
  totalWallSeconds(): number {
    const row = this.database.prepare('SELECT COALESCE(SUM(wall_seconds), 0) AS total FROM epochs').get() as {
      total: number;
    };
    return row.total;
  }

  /** Each committed epoch's wall time and the run's running total, by epoch (seconds). */
  epochTimings(): Map<number, EpochTiming> {
    const rows = this.database.prepare('SELECT epoch, wall_seconds FROM epochs ORDER BY epoch').all() as {
      epoch: number;
      wall_seconds: number;
    }[];
    let elapsedSeconds = 0;
    return new Map(
      rows.map((row) => {
        elapsedSeconds += row.wall_seconds;
        return [row.epoch, { epochSeconds: row.wall_seconds, elapsedSeconds }];
      }),
    );
  }

  /** Proposals of one epoch and source, in insertion order. */
  proposals(epoch: number, source?: ProposalRecord['source']): ProposalRecord[] {
    const rows = (
      source === undefined
        ? this.database.prepare('SELECT * FROM proposals WHERE epoch = ? ORDER BY rowid').all(epoch)
        : this.database
            .prepare('SELECT * FROM proposals WHERE epoch = ? AND source = ? ORDER BY rowid')
            .all(epoch, source)
    ) as ProposalRow[];
    return rows.map((row) => ({
      id: row.id,
      epoch: row.epoch,
      source: row.source,
      contextId: row.context_id,
      seedId: row.seed_id,
      family: row.family,
      raw: row.raw,
      spec: row.spec === null ? null : JSON.parse(row.spec),
      sample: row.sample === null ? null : JSON.parse(row.sample),
      valid: row.valid === 1,
      reason: row.reason,
      successRate: row.success_rate,
      envReward: row.env_reward,
      inBand: row.in_band === null ? null : row.in_band === 1,
      weight: row.weight,
      features: row.features === null ? null : JSON.parse(row.features),
      simulatorVersion: row.simulator_version,
      agentVersion: row.agent_version,
    }));
  }

  /**
   * Every GRPO group (one instance's rollouts) on valid task types of the given sources in epochs before
   * `beforeEpoch`: its epoch, the task type's spec, and its successes out of its attempts. Oldest first.
   */
  groupOutcomes(beforeEpoch: number, sources: readonly TaskSource[]): GroupOutcome[] {
    if (sources.length === 0) return [];
    const rows = this.database
      .prepare(`SELECT p.epoch AS epoch, p.spec AS spec, SUM(t.success) AS successes, COUNT(*) AS attempts
      FROM traces t JOIN proposals p ON p.id = t.proposal_id
      WHERE p.epoch < ? AND p.valid = 1 AND p.source IN (${sources.map(() => '?').join(', ')})
      GROUP BY p.id, t.instance_id ORDER BY p.epoch, p.rowid, t.instance_id`)
      .all(beforeEpoch, ...sources) as { epoch: number; spec: string; successes: number; attempts: number }[];
    return rows.map((row) => ({
      epoch: row.epoch,
      spec: JSON.parse(row.spec),
      successes: row.successes,
      attempts: row.attempts,
    }));
  }

  /** Mean p̂ of a family's most recent `window` attempted task types before `beforeEpoch`. */
  familyStatistics(family: string, beforeEpoch: number, window: number): FamilyHistory {
    const count = this.database
      .prepare('SELECT COUNT(*) AS n FROM proposals WHERE family = ? AND epoch < ? AND success_rate IS NOT NULL')
      .get(family, beforeEpoch) as { n: number };
    const recent = this.database
      .prepare(`SELECT AVG(success_rate) AS mean FROM (SELECT success_rate FROM proposals
      WHERE family = ? AND epoch < ? AND success_rate IS NOT NULL ORDER BY epoch DESC, rowid DESC LIMIT ?)`)
      .get(family, beforeEpoch, window) as { mean: number | null };
    return { taskTypes: count.n, recentSuccess: recent.mean };
  }

  /** Distinct task instances behind D_train traces of epochs before `beforeEpoch` (for replay), oldest first. */
  trainPool(beforeEpoch: number): TrainPool {
    const added = this.database
      .prepare(`SELECT p.trace_id AS traceId, p.epoch AS poolEpoch, i.epoch AS instanceEpoch,
      i.proposal_id AS proposalId, i.id AS instanceId, i.payload AS payload
      FROM pool_train p JOIN traces t ON t.id = p.trace_id
      JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id
      WHERE p.trace_id > ? ORDER BY p.trace_id`)
      .all(this.trainPoolIndex.lastTraceId) as PoolTraceRow[];
    this.trainPoolIndex.add(added);
    const payloads = this.trainPoolIndex.payloadsBefore(beforeEpoch) ?? this.trainPoolPayloads(beforeEpoch);
    return {
      size: payloads.length,
      instance: (index) => {
        const payload = payloads[index];
        if (payload === undefined) throw new RangeError(`no instance ${index} in a pool of ${payloads.length}`);
        return JSON.parse(payload) as TaskInstance;
      },
    };
  }

  /** The payloads of `trainPool`, read from the whole pool (the definition the index keeps up to date). */
  trainPoolPayloads(beforeEpoch: number): string[] {
    const rows = this.database
      .prepare(`SELECT DISTINCT i.payload AS payload FROM pool_train p JOIN traces t ON t.id = p.trace_id
      JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id WHERE p.epoch < ?
      ORDER BY i.epoch, i.proposal_id, i.id`)
      .all(beforeEpoch) as { payload: string }[];
    return rows.map((row) => row.payload);
  }

  /**
   * One successful D_train trace per task instance (the earliest), with its instance, oldest first: the
   * traces the agent may rehearse.
   */
  successfulTraces(): SuccessfulTrace[] {
    const rows = this.database
      .prepare(`SELECT i.payload AS payload, t.completion AS completion FROM traces t
      JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id
      WHERE t.id IN (SELECT MIN(s.id) FROM pool_train p JOIN traces s ON s.id = p.trace_id
        WHERE s.success = 1 GROUP BY s.proposal_id, s.instance_id)
      ORDER BY t.id`)
      .all() as { payload: string; completion: string }[];
    return rows.map((row) => ({
      instance: JSON.parse(row.payload) as TaskInstance,
      text: (JSON.parse(row.completion) as { text: string }).text,
    }));
  }

  /** Pool sizes for metrics. */
  poolSizes(): { train: number; env: number } {
    const train = this.database.prepare('SELECT COUNT(*) AS n FROM pool_train').get() as { n: number };
    const env = this.database.prepare('SELECT COUNT(*) AS n FROM pool_env').get() as { n: number };
    return { train: train.n, env: env.n };
  }

  /**
   * Writes metrics.jsonl, metrics.csv (the same epochs as flat scalars, docs/metrics.md) and summary.json from
   * the committed epochs, each file whole and atomically: a resumed run rewrites them, so no epoch appears twice.
   */
  writeOutputs(identity: Pick<RunSummary, 'preset' | 'seed' | 'variant' | 'domain'>): RunSummary {
    const epochs = this.metrics();
    const summary: RunSummary = {
      ...identity,
      wallSeconds: Math.round(this.totalWallSeconds() * 1000) / 1000,
      syntheticSamples: epochs.length ? epochs[epochs.length - 1]!.syntheticSamples : 0,
      completedEpochs: Math.max(0, epochs.length - 1),
      epochs,
    };
    writeFileAtomic(
      join(this.directory, 'metrics.jsonl'),
      epochs.map((epoch) => JSON.stringify(epoch)).join('\n') + (epochs.length ? '\n' : ''),
    );
    const timings = this.epochTimings();
    writeFileAtomic(
      join(this.directory, 'metrics.csv'),
      metricsCsv(epochs.map((epoch) => flattenEpochMetrics(epoch, timings.get(epoch.epoch)))),
    );
    writeFileAtomic(join(this.directory, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    return summary;
  }

  /** Deletes checkpoints of epochs that never committed, and temporary folders. */
  private removeUncommittedCheckpoints(): void {
    const folder = join(this.directory, 'checkpoints');
    if (!existsSync(folder)) return;
    const last = this.lastCommittedEpoch() ?? -1;
    for (const entry of readdirSync(folder)) {
      const match = /^epoch-(\d+)$/.exec(entry);
      if (entry.includes('.tmp-') || (match && Number(match[1]) > last))
        rmSync(join(folder, entry), { recursive: true, force: true });
    }
  }

  /** Keeps every `every`-th checkpoint and the latest one; removes the others. */
  pruneCheckpoints(every: number): void {
    const last = this.lastCommittedEpoch();
    const folder = join(this.directory, 'checkpoints');
    if (last === null || !existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      const match = /^epoch-(\d+)$/.exec(entry);
      if (!match) continue;
      const epoch = Number(match[1]);
      if (epoch !== last && epoch % every !== 0) rmSync(join(folder, entry), { recursive: true, force: true });
    }
  }

  /** Closes the database and gives the directory back to other processes. */
  close(): void {
    if (this.database.open) this.database.close();
    this.release();
  }
}
