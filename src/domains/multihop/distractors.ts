/**
 * Distractor documents: entities of the same kind as the ones a question visits, with names that share a
 * word with them (`Mira Junior` beside `Mira`, `New Telmor` beside `Telmor`) and facts of their own. A search for a visited name then finds its look-alike too, and a sloppy query (one word of a name)
 * may find only the look-alike. Nothing in the world points to a distractor, so no answer changes.
 */
import type { Random } from '../../util/random.ts';
import type { NameMaker } from './names.ts';
import { type Entity, type World, drawFacts } from './world.ts';

/** Draws to find a similar name not yet in the world before falling back to an extra one-word name. */
const NAME_DRAWS = 8;

/** The world with `count` distractors appended, made similar to `targets` in turn (cycling through them). */
export function addDistractors(
  world: World,
  targets: readonly number[],
  count: number,
  names: NameMaker,
  random: Random,
): World {
  const entities: Entity[] = [...world.entities];
  const taken = new Set(entities.map((entity) => entity.name));
  const among = world.entities.length;
  for (let index = 0; index < count && targets.length > 0; index++) {
    const target = world.entities[targets[index % targets.length]!]!;
    let name = names.similar(target.kind, target.name);
    for (let draw = 1; taken.has(name) && draw < NAME_DRAWS; draw++) name = names.similar(target.kind, target.name);
    if (taken.has(name)) name = `${target.name} ${names.name(target.kind)}`;
    taken.add(name);
    entities.push({ kind: target.kind, name, facts: drawFacts(world, target.kind, random, among) });
  }
  return { entities };
}
