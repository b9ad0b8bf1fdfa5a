import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's own scheduling priority to nice 19 where threads have one each (Linux, where a
 * thread's id names it in /proc/thread-self), so it takes the cores the process's other threads leave idle. Elsewhere,
 * or where it is not allowed, nothing changes: priority is a speed setting, never a result. Returns whether it did.
 */
export function yieldToOtherThreads(): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, 19);
    return true;
  } catch {
    return false;
  }
}
