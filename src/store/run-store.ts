import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeZodError,
  EpochMetricsSchema,
  fileSystemCause,
  GenEnvError,
  InvalidFileError,
  type Remedy,
  ResumeError,
  type RunFolderKind,
  StoreError,
  UsageError,
  type EpochMetrics,
  type RunConfig,
  type RunSummary,
} from '../interfaces/index.ts';
import { writeFileAtomic } from '../util/files.ts';
import { unwritableReason } from './folder-access.ts';
import { type EpochTiming, flattenEpochMetrics, metricsCsv } from './metrics-csv.ts';
import {
  CONFIG_FILE,
  DATABASE_FILE,
  holdsRunFiles,
  holdsUncommittedStart,
  removeRunLock,
  removeStartedRun,
} from './run-folder.ts';
import { openRunDatabase, parseRecordedConfig, readConfigFile } from './run-checks.ts';
import { firstDifference, readIdentity, recordedConfigText, writeIdentity } from './run-identity.ts';
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

/** How a new run folder is made. */
export interface CreateRunOptions {
  /** What the folder holds: a run (default) or a served curriculum (`genenv serve`). */
  kind?: RunFolderKind;
  /**
   * Made now to be started later by a resume (a comparison's run folders, which its job list runs with
   * `--resume`): such a folder may be resumed before it has committed an epoch.
   */
  prepared?: boolean;
}

/** How a run folder is opened to be resumed. */
export interface OpenRunOptions {
  /** The kind of folder expected (default a run); a folder of the other kind is refused. */
  kind?: RunFolderKind;
}

const KIND_WORDS: Readonly<Record<RunFolderKind, string>> = {
  run: 'a co-evolution run',
  service: 'a served curriculum',
};

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

  /**
   * Checks, writing nothing, that a new run may start in `directory`: it can be written, and it holds no run that
   * committed an epoch (whether another process holds it is found when the run is made). Throws as `create` would.
   */
  static checkNewFolder(directory: string): void {
    const problem = unwritableReason(directory);
    if (problem !== null) throw new StoreError(`cannot make the run folder ${directory}: ${problem}`);
    if (holdsRunFiles(directory) && !holdsUncommittedStart(directory))
      throw new UsageError(`${directory} already holds a run`, {
        remedy: { kind: 'resume', folder: directory, orElsewhere: true },
      });
  }

  /**
   * Starts a new run in `directory` (made if missing), recording its kind and resolved config in the database. A
   * folder that holds a committed run is refused (resume it instead); one whose start never committed an epoch (a
   * start that failed or was killed) is taken over. Nothing is written when the folder cannot be written.
   */
  static create(directory: string, config: RunConfig, options: CreateRunOptions = {}): RunStore {
    RunStore.checkNewFolder(directory);
    const madeFolder = !existsSync(directory);
    let release: (() => void) | null = null;
    try {
      if (holdsRunFiles(directory)) {
        // The lock first: a start in progress in another process looks just like one that was killed.
        release = claimRunDirectory(directory);
        RunStore.checkNewFolder(directory);
        removeStartedRun(directory, false);
      }
      mkdirSync(join(directory, 'checkpoints'), { recursive: true });
      release ??= claimRunDirectory(directory);
      writeFileAtomic(join(directory, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
      const database = new Database(join(directory, DATABASE_FILE));
      RunStore.prepare(database);
      database.transaction(() => {
        database.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schemaVersion', String(SCHEMA_VERSION));
        writeIdentity(database, {
          kind: options.kind ?? 'run',
          config: recordedConfigText(config),
          prepared: options.prepared ?? false,
        });
      })();
      return new RunStore(directory, config, database, release);
    } catch (error) {
      // What this start wrote goes; a folder that held a committed run was refused before anything was written.
      if (!(error instanceof GenEnvError)) removeStartedRun(directory, madeFolder);
      release?.();
      if (error instanceof GenEnvError) throw error;
      const cause = fileSystemCause(error);
      throw new StoreError(`cannot make the run folder ${directory}: ${cause ?? (error as Error).message}`, {
        cause: error,
      });
    }
  }

  /**
   * Opens the run in `directory` to resume it, after checking that it is one: a folder of `options.kind` (a run by
   * default) whose database reads, whose config.json is the config the database recorded at the start, and (for a
   * run) that committed its epoch 0 or was prepared to be started by a resume. Each refusal is one ResumeError line
   * naming what is wrong, with the remedy. Removes what an interrupted epoch left behind.
   */
  static open(directory: string, options: OpenRunOptions = {}): RunStore {
    const kind = options.kind ?? 'run';
    const refuse = (reason: string, remedy: Remedy = { kind: 'start-afresh', folder: directory }) =>
      new ResumeError(`cannot resume ${directory}: ${reason}`, { remedy });
    if (!existsSync(directory)) throw refuse('no such folder');
    if (!statSync(directory).isDirectory()) throw refuse('it is a file, not a run folder');
    const configPath = join(directory, CONFIG_FILE);
    const databasePath = join(directory, DATABASE_FILE);
    const missing = [CONFIG_FILE, DATABASE_FILE].filter((name) => !existsSync(join(directory, name)));
    if (missing.length)
      throw refuse(`it holds no run (${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing)`);
    if (statSync(databasePath).size === 0)
      throw refuse(`${DATABASE_FILE} is empty (0 bytes): the epochs it held are lost`);
    const fileConfig = readConfigFile(configPath, refuse);
    const release = claimRunDirectory(directory);
    let database: Database.Database | null = null;
    try {
      database = openRunDatabase(databasePath, refuse);
      const identity = readIdentity(database);
      const recordedKind = identity.kind ?? (fileConfig.agent.policy === 'external' ? 'service' : 'run');
      if (recordedKind !== kind)
        throw refuse(`it holds ${KIND_WORDS[recordedKind]}, not ${KIND_WORDS[kind]}`, {
          kind: 'resume-as',
          folder: directory,
          as: recordedKind,
        });
      let config = fileConfig;
      if (identity.config === null) {
        // A run stored before its identity was recorded: config.json is all there is, and from now on it is kept.
        writeIdentity(database, { kind, config: recordedConfigText(fileConfig), prepared: false });
      } else {
        const recorded = parseRecordedConfig(identity.config, refuse);
        const difference = firstDifference(
          JSON.parse(recordedConfigText(recorded)),
          JSON.parse(recordedConfigText(fileConfig)),
        );
        if (difference !== null)
          throw refuse(
            `${CONFIG_FILE} is not the config the run started with (${difference.replace(' vs ', ' at the start, ')} now); ` +
              'put it back as it was',
          );
        config = { ...recorded, ...(fileConfig.computeBackend ? { computeBackend: fileConfig.computeBackend } : {}) };
      }
      const store = new RunStore(directory, config, database, release);
      const last = store.lastCommittedEpoch();
      if (kind === 'run' && last === null && identity.prepared !== true)
        throw refuse('its run stopped before committing epoch 0, so there is nothing to resume');
      const checkpoint = last === null ? null : store.checkpointOf(last);
      if (kind === 'run' && checkpoint !== null && !existsSync(join(directory, checkpoint)))
        throw refuse(`the checkpoint of its last committed epoch ${last} (${checkpoint}) is missing`);
      store.removeUncommittedCheckpoints();
      return store;
    } catch (error) {
      database?.close();
      release();
      throw error;
    }
  }

  private static prepare(database: Database.Database): void {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.exec(SCHEMA);
  }

  /** Replaces the stored config (a resume that extends the number of epochs, the kernels that ran it). */
  updateConfig(config: RunConfig): void {
    writeFileAtomic(join(this.directory, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
    const identity = readIdentity(this.database);
    writeIdentity(this.database, {
      kind: identity.kind ?? 'run',
      config: recordedConfigText(config),
      prepared: identity.prepared ?? false,
    });
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
        throw new InvalidFileError(
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

  /**
   * Closes the store and removes the run it started, which never committed an epoch, so that the same start works
   * again: the files the start wrote, and the folder itself when `madeFolder` (the start made it). Files the user put
   * in the folder stay. A store that committed an epoch is only closed.
   */
  discard(madeFolder: boolean): void {
    const committed = this.database.open && this.lastCommittedEpoch() !== null;
    if (this.database.open) this.database.close();
    if (committed) {
      this.release();
      return;
    }
    removeStartedRun(this.directory, madeFolder);
    this.release();
    removeRunLock(this.directory, madeFolder);
  }
}
