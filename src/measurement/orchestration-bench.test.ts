import { describe, expect, it } from 'vitest';
import { runOrchestrationBenchmark } from './orchestration-bench.ts';

describe('runOrchestrationBenchmark', () => {
  it('completes every request against the instant server with the requested requests in flight', async () => {
    const result = await runOrchestrationBenchmark({ requests: 802, inFlight: 64 });
    // 4 timed rounds of ⌊802 / 4⌋ = 200 prompts, every one answered.
    expect(result.rollouts).toBe(800);
    expect(Number.isFinite(result.rolloutsPerSecond)).toBe(true);
    expect(result.inFlight).toBe(64);
    expect(Number.isFinite(result.heapGrowthMegabytes)).toBe(true);
  });
  it('rejects nonsense sizes with a usage error', async () => {
    await expect(runOrchestrationBenchmark({ requests: 2 })).rejects.toMatchObject({ code: 'usage' });
    await expect(runOrchestrationBenchmark({ inFlight: 0 })).rejects.toMatchObject({ code: 'usage' });
  });
});
