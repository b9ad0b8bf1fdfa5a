import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Database from 'better-sqlite3';

/**
 * What a finished run computed, without what the clock says: summary.json less its wall-clock seconds, every
 * table of run.sqlite (proposals, instances, traces with their completions and rewards, the training pools, the
 * epochs' metrics and versions; not their wall seconds or commit times) and every checkpoint file (weights and
 * optimiser moments, from which every held-out answer follows). Two runs of one config and seed must give the same
 * parts on any machine and with any native kernel build.
 */
export interface RunFingerprint {
  /** SHA-256 (hex) of the parts below, in order. */
  sha256: string;
  /** SHA-256 (hex) of each part, by name: `summary`, `table:<name>`, `checkpoint:<path>`. */
  parts: Record<string, string>;
}

/** Columns that record when something happened or took how long, not what was computed. */
const CLOCK_COLUMNS: Record<string, readonly string[]> = { epochs: ['wall_seconds', 'committed_at'] };
/** Tables whose rows are the run's results (meta holds the schema version and run identity only). */
const TABLES = ['epochs', 'proposals', 'instances', 'traces', 'pool_train', 'pool_env'] as const;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The fingerprint of the finished run in `directory`. */
export function runFingerprint(directory: string): RunFingerprint {
  const parts: Record<string, string> = {};
  const { wallSeconds: _clock, ...summary } = JSON.parse(readFileSync(join(directory, 'summary.json'), 'utf8'));
  parts.summary = sha256(JSON.stringify(summary));
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  try {
    for (const table of TABLES) {
      const dropped = new Set(CLOCK_COLUMNS[table] ?? []);
      const columns = (database.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
        .map((column) => column.name)
        .filter((name) => !dropped.has(name));
      // Every column in the order, so that the row order is the content's and never the storage's.
      const rows = database
        .prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${columns.join(', ')}`)
        .raw()
        .all();
      parts[`table:${table}`] = sha256(JSON.stringify([columns, rows]));
    }
  } finally {
    database.close();
  }
  const checkpoints = join(directory, 'checkpoints');
  const files = readdirSync(checkpoints, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    parts[`checkpoint:${relative(checkpoints, file).split(sep).join('/')}`] = sha256(readFileSync(file));
  return { sha256: sha256(JSON.stringify(Object.entries(parts))), parts };
}
