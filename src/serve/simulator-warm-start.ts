import type { SeedTask, SimulatorDemonstration, UpdateStats } from '../interfaces/index.ts';
import { Random, deriveSeed } from '../util/random.ts';
import { roundContexts, type CurriculumParts } from './round-lifecycle.ts';

/**
 * The simulator half of `genenv run`'s warm start (the agent's half is the trainer's): SFT on seed
 * pairs, each context (a seed) paired with another seed of its family as the target, with the same
 * seeds and contexts as the loop (`contexts` of epoch −2). The loop keeps its version private
 * (src/core/loop.ts `warmStart`); once core exports it, this file becomes a call to it.
 */
export async function warmStartSimulator(parts: CurriculumParts): Promise<UpdateStats> {
  const { config, domain, simulator } = parts;
  const seeds = domain.seeds();
  const contexts = roundContexts({ ...parts, config: { ...config, tasksPerEpoch: seeds.length } }, -2);
  const byFamily = new Map<string, SeedTask[]>();
  for (const seed of seeds) byFamily.set(seed.family, [...(byFamily.get(seed.family) ?? []), seed]);
  const random = new Random(deriveSeed(config.seed, 'warm-start', 'pairs'));
  const demonstrations: SimulatorDemonstration[] = contexts.map((context) => {
    const family = byFamily.get(context.seed.family)!;
    const others = family.length > 1 ? family.filter((seed) => seed.id !== context.seed.id) : family;
    const target = random.pick(others);
    return { context, target: domain.formatSpec(target.spec), spec: target.spec };
  });
  return simulator.warmStart(demonstrations, { seed: deriveSeed(config.seed, 'warm-start', 'simulator') });
}
