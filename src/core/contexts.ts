import { allocateCounts, type FamilyShares } from '../curriculum/family-allocation.ts';
import type { FamilyStats, SeedTask, SimulatorContext } from '../interfaces/index.ts';
import { Random, stableId } from '../util/random.ts';

/**
 * Simulator contexts for one epoch (Algorithm 1, step 1): a seed task from the pool plus the recent
 * success statistics of its family. Seeds are drawn without replacement in a seeded order, cycling
 * when more contexts than seeds are needed. Given family shares (the environment policy's choice of
 * family), each family gets its allocated number of contexts, its seeds drawn the same way within it.
 */
export function buildContexts(
  seeds: readonly SeedTask[],
  count: number,
  seed: number,
  statisticsOf: (family: string) => Omit<FamilyStats, 'family'>,
  targetSuccess: number,
  shares?: FamilyShares,
): SimulatorContext[] {
  if (seeds.length === 0 || count <= 0) return [];
  const random = new Random(seed);
  const tasks = shares ? allocatedSeeds(seeds, count, shares, random) : uniformSeeds(seeds, count, random);
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

/**
 * Family counts from the shares (systematic sampling), each family's seeds drawn as `uniformSeeds` draws them
 * from its own pool, then the whole list shuffled so no family fills one end of the epoch. Families with a share
 * but no seeds get nothing.
 */
function allocatedSeeds(seeds: readonly SeedTask[], count: number, shares: FamilyShares, random: Random): SeedTask[] {
  const byFamily = new Map<string, SeedTask[]>();
  for (const task of seeds) {
    const members = byFamily.get(task.family);
    if (members) members.push(task);
    else byFamily.set(task.family, [task]);
  }
  const present = new Map([...shares].filter(([family]) => byFamily.has(family)));
  if (present.size === 0) return uniformSeeds(seeds, count, random);
  const counts = allocateCounts(present, count, random.next());
  const drawn: SeedTask[] = [];
  for (const [family, familyCount] of counts) {
    drawn.push(...uniformSeeds(byFamily.get(family)!, familyCount, random));
  }
  return random.shuffle(drawn);
}
