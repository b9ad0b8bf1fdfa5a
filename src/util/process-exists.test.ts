import { afterAll, expect, it } from 'vitest';
import { processState, startUnreaped, until, type UnreapedProcess } from '../../test/support/unreaped-process.ts';
import { processExists } from './process-exists.ts';

const started: UnreapedProcess[] = [];
afterAll(() => {
  for (const process of started) process.end();
});

it('counts a live process, and neither a gone one nor a zombie its parent never reaps', async () => {
  expect(processExists(process.pid)).toBe(true);
  expect(processExists(4194303999)).toBe(false);
  const child = await startUnreaped(['sleep', '600']);
  started.push(child);
  expect(processExists(child.pid)).toBe(true);
  process.kill(child.pid, 'SIGKILL');
  // Still there for a signal: a zombie, which only /proc tells from a live process.
  await until(() => processState(child.pid) === 'Z', 'the child to be a zombie', 10);
  expect(() => process.kill(child.pid, 0)).not.toThrow();
  expect(processExists(child.pid)).toBe(false);
});
