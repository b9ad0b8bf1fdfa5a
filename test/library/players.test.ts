import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, createGenenv, resumeCoevolution, runCoevolution, type RunSummary, UsageError } from 'genenv';
import { SkillAgent } from '../../examples/own-agent.ts';
import { createSortingWorld } from '../../examples/sorting-world.ts';
import { REGISTERED_WORLD_CONFIG } from '../support/registered-world-config.ts';
import { runNode } from '../support/run-cli.ts';

// Players and worlds a user plugs in (issue 59): an agent object trained through runCoevolution, factories and
// worlds registered once by name and found again by a resume, after a kill -9 too, and by a comparison.
const root = mkdtempSync(join(tmpdir(), 'genenv-players-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A summary without its clock. */
const comparable = ({ wallSeconds: _clock, ...rest }: RunSummary) => rest;
const storedConfig = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'config.json'), 'utf8')) as { agent: { policy: string } };

describe("the caller's own agent object", () => {
  it('is trained through runCoevolution, recorded as own:<name>, and resumed when given again', async () => {
    const out = join(root, 'own-agent');
    const agent = new SkillAgent();
    const { summary } = await runCoevolution({ preset: 'student', epochs: 4 }, { out, agent, report: false });
    expect(summary.completedEpochs).toBe(4);
    expect(storedConfig(out).agent.policy).toBe('own:skill-agent');
    // The skill moved by its own update rule: the loop called it.
    expect(agent.version).toBe(4);

    await expect(resumeCoevolution(out, { epochs: 6, report: false })).rejects.toThrow(
      /this run's agent is one of the caller's own \("skill-agent"\): give it again as the agent option/,
    );
    const again = new SkillAgent();
    const resumed = await resumeCoevolution(out, { epochs: 6, agent: again, report: false });
    expect(resumed.summary.completedEpochs).toBe(6);
    // Restored from its checkpoint before training on: six updates in all.
    expect(again.version).toBe(6);
  });

  it('and a config naming another agent with it is refused', async () => {
    await expect(
      runCoevolution(
        { preset: 'student', agent: { policy: 'student' } },
        { out: join(root, 'both'), agent: new SkillAgent() },
      ),
    ).rejects.toThrow(UsageError);
  });
});

describe('factories and worlds registered once', () => {
  const genenv = createGenenv({
    domains: { sorting: createSortingWorld },
    agents: { skill: () => new SkillAgent() },
  });

  it('finds a registered agent by the name the config gives it, in a run and in its resume', async () => {
    const out = join(root, 'registered-agent');
    await genenv.runCoevolution({ preset: 'student', epochs: 2, agent: { policy: 'skill' } }, { out, report: false });
    expect(storedConfig(out).agent.policy).toBe('skill');
    const { summary } = await genenv.resumeCoevolution(out, { epochs: 3, report: false });
    expect(summary.completedEpochs).toBe(3);
  });

  it('resumes a run of a registered world by name after kill -9, to the uninterrupted summary', async () => {
    const whole = join(root, 'world-whole');
    const reference = await genenv.runCoevolution(REGISTERED_WORLD_CONFIG, { out: whole, report: false });
    const out = join(root, 'world-killed');
    const script = join(import.meta.dirname, '..', 'support', 'registered-world-run.ts');
    const killed = await runNode(['--import', 'tsx', script, out], { GENENV_FAILPOINT: 'after-commit:3' });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    const { summary } = await genenv.resumeCoevolution(out, { report: false });
    expect(comparable(summary)).toEqual(comparable(reference.summary));
  });

  it('lists the registered worlds beside the built-in ones', () => {
    expect(genenv.domainNames()).toContain('sorting');
    expect(genenv.domainNames()).toContain('ladder');
  });

  it('runs a comparison of a registered world in this process', async () => {
    const { comparison } = await genenv.runComparison({
      config: { ...REGISTERED_WORLD_CONFIG, epochs: 2 },
      variants: ['genenv', 'random'],
      seeds: [1, 2],
      out: join(root, 'comparison'),
    });
    expect(comparison.variants.map((variant) => [variant.variant, variant.seeds])).toEqual([
      ['genenv', [1, 2]],
      ['random', [1, 2]],
    ]);
  });

  it('a world whose held-out draw throws: a DomainError before anything is written, and the same out reusable', async () => {
    const out = join(root, 'broken-world');
    const broken = createGenenv({
      domains: {
        sorting: (options?: Record<string, unknown>) => ({
          ...createSortingWorld(options),
          heldOutSets: () => {
            throw new Error('the held-out file is gone');
          },
        }),
      },
    });
    await expect(broken.runCoevolution(REGISTERED_WORLD_CONFIG, { out })).rejects.toThrow(
      /domain sorting: building its held-out sets failed: the held-out file is gone/,
    );
    expect(existsSync(out)).toBe(false);
    const { summary } = await genenv.runCoevolution({ ...REGISTERED_WORLD_CONFIG, epochs: 1 }, { out, report: false });
    expect(summary.completedEpochs).toBe(1);
  });

  it('refuses a registry that takes a built-in name', () => {
    expect(() => createGenenv({ domains: { ladder: createSortingWorld } })).toThrow(ConfigError);
    expect(() => createGenenv({ agents: { builtin: () => new SkillAgent() } })).toThrow(
      /agent "builtin" takes the name of a built-in policy kind/,
    );
  });
});
