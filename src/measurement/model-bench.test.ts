import { describe, expect, it } from 'vitest';
import { ModelConfigSchema } from '../models/model-config.ts';
import { modelSizes } from '../policies/builtin/options.ts';
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

  it('reports the contract fields, each rate consistent with the times and sizes it is made from', async () => {
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
    // Structure of the quick run: batch 16 × 32 training tokens, 16 sequences sampled 24 tokens each.
    expect(result.trainBatch).toBe('16 × 32 tokens');
    expect(result.sampleSetup).toBe('16 sequences, 16-token prompts, 24 new tokens each');
    const rows = 16 * 32;
    const value = (key: string) => result[key] as number;
    // Rates are the sizes over the measured times (wall-clock values themselves are not checked: shared machine).
    expect(value('trainTokensPerSecond') * (value('trainStepMilliseconds') / 1000)).toBeCloseTo(rows, 6);
    expect(value('cacheSpeedup')).toBeCloseTo(
      value('sampleTokensPerSecond') / value('sampleTokensPerSecondNoCache'),
      9,
    );
    expect(value('peakFraction')).toBeCloseTo(value('achievedGflops') / value('peakGflops'), 9);
    // Achieved GFLOP/s = 3 forward passes' FLOPs (forward + backward) of this model over one training step.
    const vocabSize = Number(/vocab (\d+)/.exec(result.modelShape as string)![1]);
    const config = ModelConfigSchema.parse({ vocabSize, ...modelSizes.default });
    const trainFlops = 3 * forwardFlops(config, 16, 32);
    expect(value('achievedGflops') / (trainFlops / (value('trainStepMilliseconds') / 1000) / 1e9)).toBeCloseTo(1, 9);
    // One thread: the same FLOPs per step, at the one-thread rate of steps (tokens/s over tokens per step).
    expect(
      value('achievedGflopsOneThread') / ((trainFlops * value('trainTokensPerSecondOneThread')) / rows / 1e9),
    ).toBeCloseTo(1, 9);
    // Native: every operation's rate and its fraction of one core's peak (peak over the cores counted), estimated and
    // measured; the training step's fraction of the measured peak.
    if (result.backend === 'native') {
      const cores = Number(/^(\d+) cores/.exec(result.peakGflopsMethod as string)![1]);
      expect(result.measuredPeakMethod).toMatch(new RegExp(`^${cores} cores at once`));
      expect(value('measuredPeakGflops')).toBeGreaterThan(0);
      // The peak's windows: one before the training steps and one after (quick), the better kept.
      expect(result.measuredPeakMethod).toMatch(/, the best of 2 windows of 0\.1 s$/);
      expect(value('trainStepWindows')).toBe(1);
      // The step against the peak window run right after it (the best build's, or a forced build's own): a fraction
      // of a peak, so above 0 and, on any machine that is not broken, below 1.
      const paired = 'kernelPeakGflops' in result ? 'pairedKernelPeakFractionMedian' : 'pairedPeakFractionMedian';
      expect(value(paired)).toBeGreaterThan(0);
      expect(value(paired)).toBeLessThan(1);
      expect(value('measuredPeakFraction')).toBeCloseTo(value('achievedGflops') / value('measuredPeakGflops'), 9);
      // The median window's step is never faster than the fastest's, and its fraction is of the same peak.
      expect(value('trainStepMillisecondsMedian')).toBeGreaterThanOrEqual(value('trainStepMilliseconds'));
      expect(value('measuredPeakFractionMedian') / value('measuredPeakFraction')).toBeCloseTo(
        value('trainStepMilliseconds') / value('trainStepMillisecondsMedian'),
        9,
      );
      for (const operation of ['matmul', 'matmulTransposedA', 'matmulTransposedB', 'attentionBackward']) {
        const rate = value(`operations.${operation}.gflopsPerCpuSecond`);
        expect(rate).toBeGreaterThan(0);
        expect(value(`operations.${operation}.corePeakFraction`)).toBeCloseTo(rate / (value('peakGflops') / cores), 9);
        expect(value(`operations.${operation}.coreMeasuredPeakFraction`)).toBeCloseTo(
          rate / (value('measuredPeakGflops') / cores),
          9,
        );
      }
      // The exponentials: both rates measured, and their ratio the one reported.
      const native = value('operations.exponentials.nanosecondsPerArgument');
      expect(native).toBeGreaterThan(0);
      expect(value('operations.exponentials.overJavaScript')).toBeCloseTo(
        value('operations.exponentials.javascriptNanosecondsPerArgument') / native,
        9,
      );
    }
  });
});
