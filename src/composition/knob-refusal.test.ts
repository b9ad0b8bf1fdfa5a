import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GenEnvError } from '../interfaces/index.ts';
import { runCoevolution } from './coevolution-run.ts';
import { planComparison } from './comparison-plan.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-knob-refusal-'));
  folders.push(folder);
  return folder;
};

describe('a run that needs knobs on a world without them', () => {
  it('refuses a run in one config line before anything is written', async () => {
    const out = join(scratch(), 'run');
    const error = await runCoevolution({ preset: 'clauses', variant: 'sampler' }, { out, report: false }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('config');
    expect((error as Error).message.split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a comparison with a variant that needs knobs before its folder exists', async () => {
    const out = join(scratch(), 'comparison');
    await expect(
      planComparison({ preset: 'clauses', variants: ['genenv', 'sampler-frozen'], seeds: [1], out, config: {} }),
    ).rejects.toThrow(/the sampler-frozen variant draws the frontier sampler/);
    expect(existsSync(out)).toBe(false);
  });
});
