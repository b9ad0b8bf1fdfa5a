import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeConfigLayers } from './config-layers.ts';
import { resolveRunConfig } from './config-resolution.ts';
import { PRESETS } from './presets.ts';

const folder = mkdtempSync(join(tmpdir(), 'genenv-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A config file holding `value`, resolved over `preset`. */
function resolveWith(preset: string, value: unknown) {
  const path = join(folder, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(value));
  return resolveRunConfig({ preset, configFile: path, overrides: {} });
}

describe('config layers', () => {
  it('a later layer wins on top-level fields, and parts merge field by field with options key by key', () => {
    const merged = mergeConfigLayers(
      { epochs: 3, agent: { policy: 'builtin', options: { size: 'small', learningRate: 1e-3 } } },
      { epochs: 5, agent: { options: { learningRate: 1e-4 } } },
      { seed: 2, agent: { options: { workers: 4 } } },
    );
    expect(merged).toEqual({
      epochs: 5,
      seed: 2,
      agent: { policy: 'builtin', options: { size: 'small', learningRate: 1e-4, workers: 4 } },
    });
  });

  it('a layer that names another backend starts its options afresh; naming the same one merges', () => {
    const preset = { simulator: { policy: 'builtin', options: { size: 'small', workers: 2 } } };
    expect(mergeConfigLayers(preset, { simulator: { policy: 'parametric' } })).toEqual({
      simulator: { policy: 'parametric' },
    });
    expect(mergeConfigLayers(preset, { simulator: { policy: 'parametric', options: { entropyBonus: 0.1 } } })).toEqual({
      simulator: { policy: 'parametric', options: { entropyBonus: 0.1 } },
    });
    expect(mergeConfigLayers(preset, { simulator: { policy: 'builtin', options: { workers: 1 } } })).toEqual({
      simulator: { policy: 'builtin', options: { size: 'small', workers: 1 } },
    });
    const domain = { domain: { name: 'ladder', options: { reward: 'partial' } } };
    expect(mergeConfigLayers(domain, { domain: { name: 'toolworld' } })).toEqual({ domain: { name: 'toolworld' } });
    const offline = { offline: { source: 'builtin', options: { size: 'tiny' } } };
    expect(mergeConfigLayers(offline, { offline: { source: 'specs.jsonl' } })).toEqual({
      offline: { source: 'specs.jsonl' },
    });
  });

  it('options: null starts from the backend’s defaults, keeping the backend', () => {
    const preset = { agent: { policy: 'builtin', options: { size: 'small' } } };
    expect(mergeConfigLayers(preset, { agent: { options: null } })).toEqual({ agent: { policy: 'builtin' } });
    const config = resolveWith('toolworld', { agent: { options: null } });
    expect(config.agent).toEqual({ policy: PRESETS.toolworld!.agent!.policy, options: {} });
  });

  it('replaces an option whose value is an object whole', () => {
    const merged = mergeConfigLayers(
      { domain: { name: 'ladder', options: { seedRungs: { constraints: [1, 2], distractors: [0, 1] } } } },
      { domain: { options: { seedRungs: { constraints: [2, 3] } } } },
    );
    expect(merged).toEqual({ domain: { name: 'ladder', options: { seedRungs: { constraints: [2, 3] } } } });
  });

  it('a config file that sets one agent option keeps the preset’s others', () => {
    const preset = PRESETS.toolworld!;
    const config = resolveWith('toolworld', { agent: { options: { learningRate: 1e-4 } } });
    expect(config.agent.policy).toBe(preset.agent!.policy);
    expect(config.agent.options).toEqual({ ...preset.agent!.options, learningRate: 1e-4 });
    expect(config.simulator.options).toEqual(preset.simulator!.options);
    const domain = resolveWith('ladder', { domain: { options: { reward: 'partial' } } });
    expect(domain.domain).toEqual({
      name: PRESETS.ladder!.domain!.name,
      options: { ...PRESETS.ladder!.domain!.options, reward: 'partial' },
    });
  });

  it('a config file that changes the simulator’s policy drops the preset’s simulator options', () => {
    const config = resolveWith('toolworld', { simulator: { policy: 'parametric', options: { klCoefficient: 0.003 } } });
    expect(config.simulator).toEqual({ policy: 'parametric', options: { klCoefficient: 0.003 } });
  });
});
