import { describe, expect, it } from 'vitest';
import { onNativeBuild, native } from '../../test/support/native-builds.ts';
import { measurePeak } from './machine-peak.ts';

describe.skipIf(!native.ok)('measured peak', () => {
  it('names the build it measured: the best one, or the one in use where asked', () => {
    const best = measurePeak(0.02, 1);
    expect(best?.method).toMatch(/^\d+ cores at once running chained fused multiply-adds in the best native build, /);
    onNativeBuild('portable', () => {
      const inUse = measurePeak(0.02, 1, 'active');
      expect(inUse?.gflops).toBeGreaterThan(0);
      expect(inUse?.method).toMatch(/in the native build in use \(portable\), the best of 1 windows of 0.02 s$/);
    });
  });
});
