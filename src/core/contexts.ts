import type { FamilyStats, SeedTask, SimulatorContext } from '../interfaces/index.ts';
import { Random, stableId } from '../util/random.ts';

/**
 * Simulator contexts for one epoch (Algorithm 1, step 1): a seed task from the pool plus the recent
 * success statistics of its family. Seeds are drawn without replacement in a seeded order, cycling
 * when more contexts than seeds are needed.
 */
export function buildContexts(
  seeds: readonly SeedTask[],
  count: number,
  seed: number,
  statisticsOf: (family: string) => Omit<FamilyStats, 'family'>,
  targetSuccess: number,
): SimulatorContext[] {
  if (seeds.length === 0 || count <= 0) return [];
  const random = new Random(seed);
  const tasks = uniformSeeds(seeds, count, random);
  const cache = new Map<string, FamilyStats>();
  return tasks.map((task, index) => {
    let stats = cache.get(task.family);
    if (!stats) {
      stats = { family: task.family, ...statisticsOf(task.family) };
      cache.set(task.family, stats);
    }
    return { id: stableId(['context', seed, index, task.id]), seed: task, stats, targetSuccess };
  });
}

/** `count` seeds drawn without replacement over the whole pool, reshuffled each time it runs out. */
function uniformSeeds(seeds: readonly SeedTask[], count: number, random: Random): SeedTask[] {
  let order = random.shuffle(seeds);
  const drawn: SeedTask[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % order.length === 0) order = random.shuffle(seeds);
    drawn.push(order[index % order.length]!);
  }
  return drawn;
}
