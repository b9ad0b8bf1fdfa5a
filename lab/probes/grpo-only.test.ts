import { describe, expect, it } from 'vitest';
import { runGrpoOnly } from './grpo-only.ts';

describe('runGrpoOnly', () => {
  it('trains each variant from one warm start and measures test-id before and after', async () => {
    const curves = await runGrpoOnly({
      base: { size: 'tiny', warmStartEpochs: 1, batchSize: 64, maxResponseTokens: 24, merges: 32 },
      warmStartVariations: 1,
      variants: [
        { name: 'a', options: { learningRate: 1e-3 } },
        { name: 'b', options: { learningRate: 1e-3, advantage: 'dr-grpo' } },
      ],
      seed: 1,
      updates: 2,
      prompts: 3,
      samples: 2,
      temperature: 1,
      evaluateEvery: 2,
      heldOutItems: 3,
    });
    expect(curves.map((curve) => curve.variant)).toEqual(['a', 'b']);
    for (const curve of curves) {
      expect(curve.points.map((point) => point.update)).toEqual([0, 2]);
      for (const point of curve.points) expect(point.testId).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(curve.points[0]!.rolloutReward)).toBe(true);
    }
    // Same warm start: both variants start from the same held-out accuracy.
    expect(curves[0]!.points[0]!.testId).toBe(curves[1]!.points[0]!.testId);
  }, 120_000);
});
