import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processState, startUnreaped, until, type UnreapedProcess } from '../../test/support/unreaped-process.ts';
import { claimRunDirectory, LOCK_FILE } from './run-lock.ts';

const MODULE = fileURLToPath(new URL('./run-lock.ts', import.meta.url));
const folder = () => mkdtempSync(join(tmpdir(), 'genenv-lock-'));

/** The owner rows of a lock database, read as another process would. */
function owners(directory: string): unknown[] {
  const database = new Database(join(directory, LOCK_FILE), { readonly: true });
  try {
    return database.prepare('SELECT pid FROM owner').all();
  } finally {
    database.close();
  }
}

const holders: UnreapedProcess[] = [];
afterAll(() => {
  for (const holder of holders) holder.end();
});

/**
 * Another process that claims `directory`, says `held`, and keeps the lock until it is killed; under a parent that
 * never reaps it, so that once killed it stays a zombie.
 */
async function holdElsewhere(directory: string): Promise<UnreapedProcess> {
  const script = `
    const { claimRunDirectory } = await import(${JSON.stringify(MODULE)});
    claimRunDirectory(${JSON.stringify(directory)});
    console.log('held');
    setInterval(() => {}, 1000);
  `;
  const holder = await startUnreaped([process.execPath, '--import', 'tsx', '--input-type=module', '-e', script]);
  holders.push(holder);
  await until(() => holder.output().includes('held'), 'the other process to hold the lock');
  return holder;
}

describe('claimRunDirectory', () => {
  it('names this process in the lock, and on release lets another process claim it', () => {
    const directory = folder();
    const release = claimRunDirectory(directory);
    expect(owners(directory)).toEqual([{ pid: process.pid }]);
    // A second claim of this process succeeds and its release keeps the first claim's lock.
    claimRunDirectory(directory)();
    expect(owners(directory)).toEqual([{ pid: process.pid }]);
    release();
    expect(owners(directory)).toEqual([]);
    claimRunDirectory(directory)();
  });

  it('refuses a directory a live process holds, naming it, and takes it over at once when that process is killed and left a zombie', async () => {
    const directory = folder();
    const holder = await holdElsewhere(directory);
    expect(() => claimRunDirectory(directory)).toThrow(
      new RegExp(`^${directory} is in use by process ${holder.pid}; wait for it to end$`),
    );
    process.kill(holder.pid, 'SIGKILL');
    await until(() => processState(holder.pid) === 'Z', 'the holder to be a zombie', 10);
    // The zombie keeps its pid (a signal still reaches it) but no open file, so the kernel has dropped its lock.
    expect(() => process.kill(holder.pid, 0)).not.toThrow();
    const release = claimRunDirectory(directory);
    expect(owners(directory)).toEqual([{ pid: process.pid }]);
    release();
  }, 30_000);

  it('lets nobody be held back by an owner row whose pid now names another live process', () => {
    const directory = folder();
    const database = new Database(join(directory, LOCK_FILE));
    database.exec('CREATE TABLE owner (pid INTEGER NOT NULL, host TEXT NOT NULL)');
    database.prepare('INSERT INTO owner VALUES (?, ?)').run(process.ppid, 'here');
    database.close();
    const release = claimRunDirectory(directory);
    expect(owners(directory)).toEqual([{ pid: process.pid }]);
    release();
  });

  it("an older genenv's text lock: refused while its process lives, taken over when gone or holding no pid", () => {
    const held = folder();
    writeFileSync(join(held, LOCK_FILE), `${process.ppid}\n`);
    expect(() => claimRunDirectory(held)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    for (const stale of ['4194303999\n', 'not a pid']) {
      const directory = folder();
      writeFileSync(join(directory, LOCK_FILE), stale);
      const release = claimRunDirectory(directory);
      expect(owners(directory)).toEqual([{ pid: process.pid }]);
      release();
    }
  });
});
