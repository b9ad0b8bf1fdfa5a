import { describe, expect, it } from 'vitest';
import { ModelConfigSchema } from '../models/model-config.ts';
import { flopsPerCycle } from './machine-peak.ts';
import { forwardFlops, runModelBenchmark } from './model-bench.ts';

describe('model benchmark', () => {
  it('counts forward FLOPs by hand on a tiny shape', () => {
    const config = ModelConfigSchema.parse({
      vocabSize: 10,
      modelWidth: 4,
      layers: 1,
      heads: 2,
      hiddenWidth: 6,
      contextLength: 8,
    });
    // rows = 3: projections 2·3·(4·16 + 3·4·6) = 816; attention 2·2·1·2·(3·4/2)·2 = 96; head 2·3·4·10 = 240.
    expect(forwardFlops(config, 1, 3)).toBe(816 + 96 + 240);
  });

  it('reads the vector width from CPU flags', () => {
    expect(flopsPerCycle(new Set(['avx512f', 'avx2', 'fma'])).value).toBe(64);
    expect(flopsPerCycle(new Set(['avx2', 'fma'])).value).toBe(32);
    expect(flopsPerCycle(new Set(['sse2'])).value).toBe(16);
  });

  it('reports the contract fields, and the key/value cache is faster than recomputation', async () => {
    const result = await runModelBenchmark({ quick: true });
    for (const key of [
      'trainTokensPerSecond',
      'sampleTokensPerSecond',
      'sampleTokensPerSecondNoCache',
      'achievedGflops',
      'peakGflops',
    ]) {
      expect(typeof result[key]).toBe('number');
      expect(result[key] as number).toBeGreaterThan(0);
    }
    expect(typeof result.peakGflopsMethod).toBe('string');
    expect(result.parameters as number).toBeGreaterThan(400_000);
    expect(result.parameters as number).toBeLessThan(600_000);
    expect(result.sampleTokensPerSecond as number).toBeGreaterThan(result.sampleTokensPerSecondNoCache as number);
  });
});
