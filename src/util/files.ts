import { mkdirSync, renameSync, rmSync, writeFileSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes a file atomically: temp file in the same folder, fsync, rename. Readers see old or new, never half. */
export function writeFileAtomic(path: string, contents: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, contents);
  const handle = openSync(temporary, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  renameSync(temporary, path);
}

/** Replaces a directory atomically with one that `fill` builds in a temporary sibling. */
export async function writeDirectoryAtomic(
  path: string,
  fill: (temporaryPath: string) => Promise<void>,
): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  await fill(temporary);
  rmSync(path, { recursive: true, force: true });
  renameSync(temporary, path);
}
