/** Checks a file on disk against the size and SHA-256 its manifest records. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** What a file on disk is, against what its manifest expects. */
export type FileState = { state: 'verified' } | { state: 'missing' } | { state: 'corrupt'; reason: string };

/** SHA-256 of bytes, lower-case hex. */
export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** SHA-256 of a file, lower-case hex. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The reason a file of `bytes` bytes and hash `sha256` is not the expected one, or null when it is. */
export function mismatch(
  expected: { bytes: number; sha256: string },
  actual: { bytes: number; sha256?: string },
): string | null {
  if (actual.bytes !== expected.bytes) return `size mismatch (expected ${expected.bytes} bytes, got ${actual.bytes})`;
  if (actual.sha256 !== undefined && actual.sha256 !== expected.sha256)
    return `SHA-256 mismatch (expected ${expected.sha256}, got ${actual.sha256})`;
  return null;
}

/**
 * Whether the file at `path` is the expected one: its size first (cheap), then, when `hash` is set, its
 * SHA-256. A folder or unreadable entry where the file should be is corrupt.
 */
export async function checkFile(
  path: string,
  expected: { bytes: number; sha256: string },
  hash = true,
): Promise<FileState> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (info === null) return { state: 'missing' };
  if (!info.isFile()) return { state: 'corrupt', reason: 'not a file' };
  const bySize = mismatch(expected, { bytes: info.size });
  if (bySize) return { state: 'corrupt', reason: bySize };
  if (!hash) return { state: 'verified' };
  const reason = mismatch(expected, { bytes: info.size, sha256: await sha256OfFile(path) });
  return reason ? { state: 'corrupt', reason } : { state: 'verified' };
}
