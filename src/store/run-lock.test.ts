import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimRunDirectory, LOCK_FILE } from './run-lock.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'genenv-lock-'));

describe('claimRunDirectory', () => {
  it('writes this process id and removes the lock on release', () => {
    const directory = folder();
    const release = claimRunDirectory(directory);
    expect(readFileSync(join(directory, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(directory, LOCK_FILE))).toBe(false);
  });

  it('refuses a directory a live process holds, naming it', () => {
    const directory = folder();
    writeFileSync(join(directory, LOCK_FILE), `${process.ppid}\n`);
    expect(() => claimRunDirectory(directory)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    expect(readFileSync(join(directory, LOCK_FILE), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock whose process is gone or that holds no pid', () => {
    for (const stale of ['4194303999\n', 'not a pid']) {
      const directory = folder();
      writeFileSync(join(directory, LOCK_FILE), stale);
      const release = claimRunDirectory(directory);
      expect(readFileSync(join(directory, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      release();
    }
  });
});
