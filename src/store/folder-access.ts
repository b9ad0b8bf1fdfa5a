/**
 * Why a folder cannot be made or written, found before anything is written: Node's recursive mkdir on a read-only
 * file system reports `ENOENT … mkdir '<deepest folder>'`, which names neither the cause nor the folder to fix. The
 * check asks the nearest folder that exists for write access, which the kernel answers with the real cause (EROFS,
 * EACCES).
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileSystemCause } from '../interfaces/errors.ts';

/** The nearest folder of `path` (itself included) that exists, or null when none does (a path on no drive). */
export function nearestExistingFolder(path: string): string | null {
  let current = resolve(path);
  for (;;) {
    if (existsSync(current)) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/**
 * Why `folder` (made if missing) could not be written, in words naming the folder that refuses; null when it can.
 * A file where a folder must be, a read-only file system and a missing permission are told apart.
 */
export function unwritableReason(folder: string): string | null {
  const existing = nearestExistingFolder(folder);
  if (existing === null) return `no part of ${folder} exists`;
  if (!statSync(existing).isDirectory()) return `${existing} is a file, not a folder`;
  try {
    accessSync(existing, constants.W_OK);
    return null;
  } catch (error) {
    const cause = fileSystemCause(error) ?? (error as Error).message;
    return existing === resolve(folder) ? `${folder}: ${cause}` : `${existing}: ${cause}`;
  }
}
