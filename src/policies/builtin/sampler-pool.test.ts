import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../../../test/support/run-cli.ts';

const SCRIPT = fileURLToPath(new URL('../../../test/support/sample-with-workers.ts', import.meta.url));

describe('sampler pool', () => {
  it('keeps a process alive while its workers sample, and lets it exit once they are idle', async () => {
    const result = await runNode(['--import', 'tsx', SCRIPT]);
    // Before the fix the process exited with code 13 (unsettled top-level await) and printed nothing.
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('sampled 12\n');
  }, 60_000);
});
