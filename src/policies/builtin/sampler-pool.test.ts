import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../../../test/support/run-cli.ts';
import { byteModel } from '../../../test/support/byte-model.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { SamplerPool } from './sampler-pool.ts';

const SCRIPT = fileURLToPath(new URL('../../../test/support/sample-with-workers.ts', import.meta.url));

describe('sampler pool', () => {
  it('keeps a process alive while its workers sample, and lets it exit once they are idle', async () => {
    const result = await runNode(['--import', 'tsx', SCRIPT]);
    // Before the fix the process exited with code 13 (unsettled top-level await) and printed nothing.
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('sampled 12\n');
  }, 60_000);

  it('fails the slices in flight and queued in one line when its workers exit, instead of leaving them waiting', async () => {
    const model = byteModel({ modelWidth: 16, hiddenWidth: 24, contextLength: 64 }, 3);
    const pool = new SamplerPool(2);
    const requests = Array.from({ length: 20 }, (_, index) => ({ prompt: [1, 2, 3 + index], maxNewTokens: 40 }));
    // Attached before closing: the call is refused while `close` is awaited.
    const refused = expect(
      pool.generate(model, requests, { temperature: 1, topP: 1, seed: 4, stopToken: Tokenizer.end }),
    ).rejects.toMatchObject({ code: 'policy', message: expect.stringMatching(/^sampling worker exited/) });
    await pool.close();
    await refused;
  });
});
