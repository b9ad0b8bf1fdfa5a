import { describe, expect, it } from 'vitest';
import { presets } from '../src/index.ts';
import { presetWarmStartSteps, toolworldAgent } from './toolworld-agent.ts';

describe('the toolworld agent the probes start from', () => {
  it('is the preset’s, sampling in process when asked', () => {
    const preset = presets.toolworld!;
    expect(toolworldAgent()).toEqual({
      base: preset.agent!.options,
      warmStartVariations: preset.warmStartVariations,
    });
    expect(toolworldAgent({ inProcess: true }).base).toEqual({ ...preset.agent!.options, workers: 0 });
  });

  it('warm-starts for 1,500 steps: 12 variations of 500 seeds, two passes in batches of 8', () => {
    expect(presetWarmStartSteps()).toBe(1500);
  });
});
