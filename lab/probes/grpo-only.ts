/**
 * GRPO alone from the warm start: the toolworld preset's agent is warm-started by SFT, then trained only
 * by GRPO on fresh instances of the seed tasks (no rehearsal, no simulator), with greedy test-id measured
 * every few updates. Variants of the update options share one warm start per seed, so their curves
 * differ only by the update. `npm run lab -- grpo-step`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgentPrompt, createBuiltinAgent, deriveSeed } from '../../src/index.ts';
import {
  agentDemonstrations,
  BuiltinAgent,
  createToolWorld,
  loadModelState,
  type RolloutGroup,
} from '../../src/internal.ts';

type ToolWorld = ReturnType<typeof createToolWorld>;
type Instance = Parameters<ToolWorld['render']>[0];

/** A named change of the agent's update options. */
export interface UpdateVariant {
  name: string;
  options: Record<string, unknown>;
}

export interface GrpoOnlyOptions {
  /** The agent options (the preset's); each variant's options are laid over them. */
  base: Record<string, unknown>;
  warmStartVariations: number;
  variants: UpdateVariant[];
  seed: number;
  /** GRPO updates (each: `prompts` fresh seed instances × `samples` rollouts, then one `agent.update`). */
  updates: number;
  prompts: number;
  samples: number;
  /** Toolworld options (e.g. `{ reward: 'partial' }`); the warm start does not depend on them. */
  domainOptions?: Record<string, unknown>;
  /** Rollout temperature (the run's `temperature`). */
  temperature: number;
  /** Measure test-id after every `evaluateEvery` updates (and before the first). */
  evaluateEvery: number;
  heldOutItems: number;
  /** Train on the same prompts at every update (a sanity check that the update can fit them); default false. */
  samePrompts?: boolean;
  /** Where the warm-started agent is kept; reused when it already holds one (default: a temporary folder). */
  warmDirectory?: string;
}

/** One point of a curve: after `update` updates (0 = the warm start). */
export interface GrpoOnlyPoint {
  update: number;
  /** Greedy accuracy on the first `heldOutItems` of test-id, in [0, 1]. */
  testId: number;
  /** Mean reward of the rollouts of the updates since the previous point (NaN at 0). */
  rolloutReward: number;
  /** Mean gradient norm (before clipping) of the optimiser steps since the previous point. */
  gradientNorm: number;
  steps: number;
  seconds: number;
}

export interface GrpoOnlyCurve {
  variant: string;
  seed: number;
  points: GrpoOnlyPoint[];
}

/** Fresh instances of the seed tasks for update `update`, spread over every family. */
function updateInstances(domain: ToolWorld, seed: number, update: number, count: number): Instance[] {
  const seeds = domain.seeds();
  const instances: Instance[] = [];
  for (let index = 0; instances.length < count && index < count * 4; index++) {
    const task = seeds[(update * count + index) % seeds.length]!;
    const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'grpo-only', update, index));
    if (result.ok) instances.push(result.instances[0]!);
  }
  return instances;
}

/**
 * Warm-starts the toolworld agent with `base` options (SFT on `variations` fresh instances of every seed)
 * into `directory`; skipped when a checkpoint is already there.
 */
export async function warmStartToolworldAgent(
  base: Record<string, unknown>,
  variations: number,
  seed: number,
  directory: string,
): Promise<void> {
  if (existsSync(join(directory, 'weights.f32'))) return;
  const domain = createToolWorld({});
  const warm = await createBuiltinAgent({ domain, options: base, seed });
  try {
    await warm.warmStart(agentDemonstrations(domain, domain.seeds(), variations, seed), { seed });
    await warm.save(directory);
  } finally {
    await warm.close?.();
  }
}

/** Greedy success on held-out items. */
async function heldOutAccuracy(
  agent: BuiltinAgent,
  domain: ToolWorld,
  items: readonly Instance[],
  prompts: readonly AgentPrompt[],
): Promise<number> {
  const greedy = await agent.act([...prompts], { samples: 1, temperature: 0, seed: 0 });
  let solved = 0;
  greedy.forEach((group, index) => {
    solved += domain.score(items[index]!, group[0]!).success ? 1 : 0;
  });
  return items.length ? solved / items.length : 0;
}

/** One variant's curve from the warm start in `directory`. */
async function runVariant(
  domain: ToolWorld,
  options: GrpoOnlyOptions,
  directory: string,
  variant: UpdateVariant,
  heldOut: { items: Instance[]; prompts: AgentPrompt[] },
): Promise<GrpoOnlyCurve> {
  const state = loadModelState(directory, 'agent');
  state.options = { ...state.options, ...variant.options } as typeof state.options;
  const agent = new BuiltinAgent(state);
  const started = performance.now();
  const points: GrpoOnlyPoint[] = [];
  const window = { rewards: [] as number[], norms: [] as number[], steps: 0 };
  const record = async (update: number) => {
    points.push({
      update,
      testId: await heldOutAccuracy(agent, domain, heldOut.items, heldOut.prompts),
      rolloutReward: window.rewards.length ? average(window.rewards) : Number.NaN,
      gradientNorm: window.norms.length ? average(window.norms) : Number.NaN,
      steps: window.steps,
      seconds: (performance.now() - started) / 1000,
    });
    window.rewards = [];
    window.norms = [];
    window.steps = 0;
  };
  try {
    await record(0);
    for (let update = 1; update <= options.updates; update++) {
      const instances = updateInstances(domain, options.seed, options.samePrompts ? 1 : update, options.prompts);
      const prompts = instances.map((instance) => domain.render(instance));
      const completions = await agent.act(prompts, {
        samples: options.samples,
        temperature: options.temperature,
        seed: deriveSeed(options.seed, 'grpo-only-rollout', update),
      });
      const groups: RolloutGroup[] = prompts.map((prompt, index) => ({
        prompt,
        completions: completions[index]!,
        rewards: completions[index]!.map((completion) => domain.score(instances[index]!, completion).reward),
      }));
      window.rewards.push(...groups.flatMap((group) => group.rewards));
      const stats = await agent.update({ groups }, { seed: deriveSeed(options.seed, 'grpo-only-update', update) });
      const steps = Number(stats.steps ?? 0);
      if (steps > 0) window.norms.push(Number(stats.gradientNorm ?? 0));
      window.steps += steps;
      if (update % options.evaluateEvery === 0 || update === options.updates) await record(update);
    }
  } finally {
    await agent.close();
  }
  return { variant: variant.name, seed: options.seed, points };
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Curves of every variant for one seed, all from the same warm start. */
export async function runGrpoOnly(options: GrpoOnlyOptions): Promise<GrpoOnlyCurve[]> {
  const domain = createToolWorld(options.domainOptions ?? {});
  const directory = options.warmDirectory ?? mkdtempSync(join(tmpdir(), 'genenv-grpo-only-'));
  try {
    await warmStartToolworldAgent(options.base, options.warmStartVariations, options.seed, directory);
    const items = domain
      .heldOutSets()
      .find((set) => set.name === 'test-id')!
      .instances.slice(0, options.heldOutItems) as Instance[];
    const heldOut = { items, prompts: items.map((instance) => domain.render(instance)) };
    const curves: GrpoOnlyCurve[] = [];
    for (const variant of options.variants) curves.push(await runVariant(domain, options, directory, variant, heldOut));
    return curves;
  } finally {
    if (!options.warmDirectory) rmSync(directory, { recursive: true, force: true });
  }
}
