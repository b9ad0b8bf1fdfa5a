/**
 * The files of a run folder by name, and what a start that never committed its epoch 0 leaves in it: the files a
 * fresh start into the same folder replaces and a failed start removes. Files a user put in the folder stay.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LOCK_FILE } from './run-lock.ts';

export const CONFIG_FILE = 'config.json';
export const DATABASE_FILE = 'run.sqlite';
/** The outcome log of a served run (src/serve/outcome-log.ts). */
export const SERVICE_LOG_FILE = 'serve.sqlite';

/** What a start writes before its epoch 0 commits: the config, the databases and their journals, the folders. */
const STARTED_FILES = [
  CONFIG_FILE,
  ...[DATABASE_FILE, SERVICE_LOG_FILE].flatMap((name) => [name, `${name}-wal`, `${name}-shm`, `${name}-journal`]),
];
const STARTED_FOLDERS = ['checkpoints', 'trainer'];
/** What only a committed epoch writes: a folder holding one of these holds results. */
const RESULT_FILES = ['summary.json', 'metrics.jsonl', 'metrics.csv'];

/** Whether `directory` holds the files of a run (its config or its database), committed or not. */
export function holdsRunFiles(directory: string): boolean {
  return existsSync(join(directory, CONFIG_FILE)) || existsSync(join(directory, DATABASE_FILE));
}

/**
 * Whether the run in `directory` never committed an epoch, so that nothing of it is worth keeping: its database
 * reads as a run's and has no epoch, no served outcome log is beside it, and no result file exists. A database that
 * cannot be read (empty, cut short, not a database) is not taken for an empty run: its folder may hold a run whose
 * database was damaged, and only the user can say it may go.
 */
export function holdsUncommittedStart(directory: string): boolean {
  if (RESULT_FILES.some((name) => existsSync(join(directory, name)))) return false;
  if (existsSync(join(directory, SERVICE_LOG_FILE))) return false;
  const path = join(directory, DATABASE_FILE);
  if (!existsSync(path)) return true;
  if (statSync(path).size === 0) return false;
  let database: Database.Database | null = null;
  try {
    database = new Database(path, { readonly: true, fileMustExist: true });
    const meta = database.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get();
    const epochs = database.prepare('SELECT COUNT(*) AS n FROM epochs').get() as { n: number };
    return meta !== undefined && epochs.n === 0;
  } catch {
    return false;
  } finally {
    database?.close();
  }
}

/**
 * Removes what a start wrote before committing its epoch 0 (see STARTED_FILES; empty folders of its own), and the
 * folder itself when `madeFolder` says the start made it. The run lock is left to its holder, who removes it last.
 */
export function removeStartedRun(directory: string, madeFolder: boolean): void {
  if (madeFolder) {
    rmSync(directory, { recursive: true, force: true });
    return;
  }
  for (const name of STARTED_FILES) rmSync(join(directory, name), { force: true });
  for (const name of STARTED_FOLDERS) rmSync(join(directory, name), { recursive: true, force: true });
}

/** Removes the run lock of a folder whose run was removed, and the folder when the start made it and it is empty. */
export function removeRunLock(directory: string, madeFolder: boolean): void {
  rmSync(join(directory, LOCK_FILE), { force: true });
  if (madeFolder && existsSync(directory) && readdirSync(directory).length === 0)
    rmSync(directory, { recursive: true });
}
