import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../composition/coevolution-run.ts';
import { RunConfigSchema, StoredRunConfigSchema } from './config.ts';
import { GenEnvError } from './errors.ts';
import { describeZodError } from './zod-error.ts';

/** The one line resolveConfig throws for `config` (a GenEnvError('config')). */
function refusal(config: unknown): string {
  try {
    resolveConfig(config as never);
  } catch (error) {
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('config');
    return (error as GenEnvError).message;
  }
  throw new Error(`accepted ${JSON.stringify(config)}`);
}

describe('the run config refuses unknown keys at every level', () => {
  it('inside agent and simulator, naming the key meant', () => {
    expect(refusal({ epochs: 3, agent: { option: { learningRate: 0.9 } } })).toBe(
      'invalid config: agent.option: unknown key; did you mean agent.options?',
    );
    expect(refusal({ simulator: { policy: 'parametric', bogus: 1 } })).toBe(
      'invalid config: simulator.bogus: unknown key',
    );
    expect(refusal({ simulator: { polcy: 'parametric' } })).toBe(
      'invalid config: simulator.polcy: unknown key; did you mean simulator.policy?',
    );
  });

  it('inside domain and offline, and at the top', () => {
    expect(refusal({ domain: { nam: 'ladder' } })).toBe(
      'invalid config: domain.nam: unknown key; did you mean domain.name?',
    );
    expect(refusal({ variant: 'offline', offline: { source: 'parametric', option: {} } })).toBe(
      'invalid config: offline.option: unknown key; did you mean offline.options?',
    );
    expect(refusal({ alpah: 0.5 })).toBe('invalid config: alpah: unknown key; did you mean alpha?');
    expect(refusal({ bogus: 1 })).toBe('invalid config: bogus: unknown key');
  });

  it('keeps explaining a removed option', () => {
    expect(refusal({ oversample: 4 })).toMatch(/^invalid config: oversample is no longer an option \(removed: /);
  });

  it('is the schema a stored config.json is read with', () => {
    const stored = { ...resolveConfig({ preset: 'student' }), agent: { policy: 'student', options: {}, extra: 1 } };
    const parsed = StoredRunConfigSchema.safeParse(stored);
    expect(parsed.success).toBe(false);
    expect(describeZodError(parsed.error!)).toBe('agent.extra: unknown key');
  });

  it('accepts every part as the presets write it, with the same values as before', () => {
    const config = resolveConfig({ preset: 'student', agent: { policy: 'student', options: { slope: 1 } } });
    expect(RunConfigSchema.parse(config)).toEqual(config);
    expect(config.agent).toEqual({ policy: 'student', options: { learningRate: 0.05, slope: 1 } });
  });
});

describe('renamed options', () => {
  it('a config naming an old name is told the new one', () => {
    expect(refusal({ frontierPriorModel: 'knobs' })).toBe(
      'invalid config: frontierPriorModel is now called frontierPriorMean',
    );
    expect(refusal({ frontierPrior: 4 })).toBe('invalid config: frontierPrior is now called frontierPriorStrength');
  });

  it('a stored config is read back under the new names, with the values it held', () => {
    const stored = { ...resolveConfig({ preset: 'ladder' }) } as Record<string, unknown>;
    const { frontierPriorStrength, frontierPriorMean, ...rest } = stored;
    const old = { ...rest, frontierPrior: frontierPriorStrength, frontierPriorModel: frontierPriorMean };
    expect(StoredRunConfigSchema.parse(old)).toEqual(stored);
    expect(frontierPriorMean).toBe('knobs');
  });
});
