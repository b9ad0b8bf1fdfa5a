import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process whose parent never collects its exit status: killed, it stays a zombie until `end()`. */
export interface UnreapedProcess {
  pid: number;
  /** Everything it has written to stdout so far. */
  output(): string;
  /** Ends its parent, which hands the zombie to init. */
  end(): void;
}

/**
 * Starts `argv` in the background of a shell that then becomes `sleep`: `sleep` never waits for a child, as a
 * container's first process that reaps nothing, so the process stays a zombie once it ends. Resolves when the
 * shell has given its pid.
 */
export function startUnreaped(argv: string[]): Promise<UnreapedProcess> {
  const parent = spawn('sh', ['-c', '"$@" & echo "$!"; exec sleep 600', 'sh', ...argv], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    parent.on('error', reject);
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!started && output.includes('\n')) {
        started = true;
        const pid = Number(output.split('\n')[0]);
        resolve({
          pid,
          output: () => output.slice(output.indexOf('\n') + 1),
          end: () => parent.kill('SIGKILL'),
        });
      }
    });
  });
}

/** The state letter /proc gives a process (R, S, Z…), or null when there is no such process or no /proc. */
export function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 1).trim()[0] ?? null;
  } catch {
    return null;
  }
}

/** Waits until `condition` holds, polling every 10 ms, for at most `seconds`. */
export async function until(condition: () => boolean, what: string, seconds = 120): Promise<void> {
  for (const start = Date.now(); !condition(); ) {
    if (Date.now() - start > seconds * 1000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
