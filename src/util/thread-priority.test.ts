import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runNode } from '../../test/support/run-cli.ts';

const MODULE = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));

it('lowers the calling thread to nice 19 where threads have their own priority', async () => {
  // In a process of its own: the thread that calls it is that process's main thread, whose id is the process id.
  const script = `
    const { getPriority } = await import('node:os');
    const { yieldToOtherThreads } = await import(${JSON.stringify(MODULE)});
    const lowered = yieldToOtherThreads();
    console.log(JSON.stringify({ lowered, own: getPriority(process.pid) }));
  `;
  const result = await runNode(['--import', 'tsx', '--input-type=module', '-e', script]);
  expect(result.stderr).toBe('');
  const answer = JSON.parse(result.stdout) as { lowered: boolean; own: number };
  if (existsSync('/proc/thread-self')) expect(answer).toEqual({ lowered: true, own: 19 });
  else expect(answer).toEqual({ lowered: false, own: 0 });
});
