/**
 * One process at a time per run directory. Two writers would interleave their epochs in run.sqlite (the second
 * fails on a duplicate trace) and a resume clears the checkpoints of epochs not yet committed, so a second
 * `--resume` of a live run would delete the first run's checkpoint in progress.
 *
 * `run.lock` is a small SQLite database on which the owner holds a write lock for as long as it runs. SQLite's lock
 * is the operating system's advisory lock (fcntl on Unix, LockFileEx on Windows), which the kernel drops when the
 * owner's process ends, however it ends: so a run killed with `kill -9` can be resumed at once, also when its
 * parent never reaps it (a zombie still has its pid but no open files), when its pid has been reused since, or when
 * the process that asks runs in another pid namespace. A pid in a file could only guess at all of that. The lock
 * needs nothing of the filesystem that run.sqlite does not already need. The owner's pid and host are written in
 * the file so that a refusal can name them.
 */
import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { GenEnvError } from '../interfaces/errors.ts';
import { processExists } from '../util/process-exists.ts';

export const LOCK_FILE = 'run.lock';
const LOCK_WAIT_MILLISECONDS = 2000;

/** Who holds a lock, as its owner wrote it. */
export interface LockOwner {
  pid: number;
  host: string;
}

// The lock files this process holds. A second claim of one succeeds at once: a second SQLite connection of the same
// process would be refused, and POSIX locks belong to the process, so closing it would drop the first one's lock.
const held = new Set<string>();

/**
 * Claims `directory` for this process and returns the function that releases it (the lock also goes when the process
 * ends). Throws GenEnvError('store') naming the owner when another live process holds it. Claiming a directory this
 * process already holds succeeds.
 */
export function claimRunDirectory(directory: string): () => void {
  const path = resolve(directory, LOCK_FILE);
  if (held.has(path)) return () => {};
  let database: Database.Database;
  try {
    database = holdLock(path, directory);
  } catch (error) {
    if (!isSqliteError(error, 'SQLITE_NOTADB')) throw error;
    replaceTextLock(path, directory);
    database = holdLock(path, directory);
  }
  held.add(path);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(path);
    try {
      // A refused process reading the owner may be in the way of this write for a moment.
      database.pragma('busy_timeout = 1000');
      database.exec('DELETE FROM owner; COMMIT');
    } catch {
      // The owner row stays; without the lock it holds nobody back.
    }
    database.close();
  };
}

/**
 * The lock database of `path`, write-locked by this process: the owner row is committed first, so that anyone
 * refused can read it, then the lock is taken again and held by a transaction that writes nothing.
 */
function holdLock(path: string, directory: string): Database.Database {
  let database: Database.Database;
  try {
    // A process killed this moment still holds its lock while its threads exit, a few milliseconds after it is
    // already a zombie; a live owner is named after this wait.
    database = new Database(path, { timeout: LOCK_WAIT_MILLISECONDS });
  } catch (error) {
    throw new GenEnvError('store', `cannot lock ${directory}: ${(error as Error).message}`, { cause: error });
  }
  try {
    if (!takeWriteLock(database)) throw inUseError(directory, readOwner(database));
    database.exec('CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL, host TEXT NOT NULL)');
    database.exec('DELETE FROM owner');
    database.prepare('INSERT INTO owner (pid, host) VALUES (?, ?)').run(process.pid, hostname());
    database.exec('COMMIT');
    if (!takeWriteLock(database))
      throw new GenEnvError('store', `cannot lock ${directory}: another process claimed it at the same moment`);
    return database;
  } catch (error) {
    database.close();
    if (error instanceof GenEnvError || isSqliteError(error, 'SQLITE_NOTADB')) throw error;
    throw new GenEnvError('store', `cannot lock ${directory}: ${(error as Error).message}`, { cause: error });
  }
}

/** Begins a write transaction; false when another process holds the lock. */
function takeWriteLock(database: Database.Database): boolean {
  try {
    database.exec('BEGIN IMMEDIATE');
    return true;
  } catch (error) {
    if (isSqliteError(error, 'SQLITE_BUSY')) return false;
    throw error;
  }
}

/** The owner a lock database names, or null when it names none (yet) or cannot be read. */
function readOwner(database: Database.Database): LockOwner | null {
  try {
    // The owner may be committing its row this very moment.
    database.pragma('busy_timeout = 2000');
    const row = database.prepare('SELECT pid, host FROM owner').get() as LockOwner | undefined;
    return row ?? null;
  } catch {
    return null;
  }
}

function inUseError(directory: string, owner: LockOwner | null): GenEnvError {
  const who =
    owner === null ? 'another process' : `process ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}`;
  return new GenEnvError('store', `${directory} is in use by ${who}; wait for it to end`);
}

/**
 * A `run.lock` that is no database was written by a genenv before this lock: a pid in text. It is refused while that
 * process is alive, else removed.
 */
function replaceTextLock(path: string, directory: string): void {
  let pid = Number.NaN;
  try {
    pid = Number(readFileSync(path, 'utf8').trim());
  } catch {
    // Unreadable: nobody can be named, and the file is replaced.
  }
  if (Number.isInteger(pid) && pid > 0 && processExists(pid)) throw inUseError(directory, { pid, host: hostname() });
  rmSync(path, { force: true });
}

function isSqliteError(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}
