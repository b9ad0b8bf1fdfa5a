/**
 * The checks a resume makes of a run folder's files before it reads or writes any of them: config.json and the config
 * the database recorded parse as a run config, and run.sqlite is genenv's database, undamaged down to its JSON records.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describeZodError, type ResumeError, type RunConfig, StoredRunConfigSchema } from '../interfaces/index.ts';
import { CONFIG_FILE, DATABASE_FILE } from './run-folder.ts';
import { SCHEMA } from './schema.ts';

/** How a check refuses: the one line that says what is wrong with the folder. */
export type Refusal = (reason: string) => ResumeError;

/** A config's text parsed as a stored config.json is, or a refusal in the words of where it was read. */
function parseConfigText(
  text: string,
  refuse: Refusal,
  words: { notJson: string; invalid: (problem: string) => string },
): RunConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuse(words.notJson);
  }
  const parsed = StoredRunConfigSchema.safeParse(raw);
  if (!parsed.success) throw refuse(words.invalid(describeZodError(parsed.error)));
  return parsed.data;
}

/** config.json parsed by the run-config schema, or a refusal naming the file and its first problem. */
export function readConfigFile(path: string, refuse: Refusal): RunConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw refuse(`${CONFIG_FILE} is not valid JSON`);
  }
  return parseConfigText(text, refuse, {
    notJson: `${CONFIG_FILE} is not valid JSON`,
    invalid: (problem) => `${CONFIG_FILE}: ${problem}`,
  });
}

/** The config the database recorded at the start, parsed as config.json is. */
export function parseRecordedConfig(text: string, refuse: Refusal): RunConfig {
  return parseConfigText(text, refuse, {
    notJson: `${DATABASE_FILE} holds a config that is not valid JSON`,
    invalid: (problem) => `${DATABASE_FILE} holds an invalid config: ${problem}`,
  });
}

/**
 * The run database at `path`, checked to be one (a SQLite file with genenv's meta rows) before anything is written to
 * it: a database of another program is not given genenv's tables.
 */
export function openRunDatabase(path: string, refuse: Refusal): Database.Database {
  let database: Database.Database;
  try {
    database = new Database(path, { fileMustExist: true });
  } catch {
    throw refuse(`${DATABASE_FILE} cannot be opened as a database`);
  }
  try {
    const version = database.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as
      | { value: string }
      | undefined;
    if (version === undefined) throw new Error('no schema version');
    // Damage anywhere in the file is found now, before the run reads (or writes over) any of it.
    const check = database.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.exec(SCHEMA);
    database.prepare('SELECT MAX(epoch) FROM epochs').get();
  } catch {
    database.close();
    throw refuse(`${DATABASE_FILE} is not a readable run database (damaged, cut short, or another program's)`);
  }
  const damaged = damagedRecord(database);
  if (damaged !== null) {
    database.close();
    throw refuse(`${DATABASE_FILE} holds a damaged record (${damaged})`);
  }
  return database;
}

/** The columns of run.sqlite that hold JSON, by table: what a resume reads back and parses. */
const JSON_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  epochs: ['metrics'],
  proposals: ['spec', 'sample', 'features'],
  instances: ['payload'],
  traces: ['completion'],
};

/**
 * The first record whose JSON does not parse (`<table> row <rowid>`), or null: the file's structure passed SQLite's
 * check, but bytes damaged inside a record would otherwise surface later as a crash in the middle of the run.
 */
function damagedRecord(database: Database.Database): string | null {
  for (const [table, columns] of Object.entries(JSON_COLUMNS)) {
    const rows = database.prepare(`SELECT rowid AS row, ${columns.join(', ')} FROM ${table}`).iterate() as Iterable<
      Record<string, unknown>
    >;
    for (const row of rows)
      for (const column of columns) {
        const value = row[column];
        if (value === null) continue;
        if (typeof value !== 'string') return `${table} row ${row.row}`;
        try {
          JSON.parse(value);
        } catch {
          return `${table} row ${row.row}`;
        }
      }
  }
  return null;
}
