/**
 * The question composer: picks start entities in a world and walks a spec's paths through the facts, so
 * that the answer is computed, never written by hand. A walk that visits an entity twice, or a comparison
 * whose sides tie or share an entity, is not a question; other start entities are tried in a random order.
 */
import type { ParseResult } from '../../interfaces/task.ts';
import type { Random } from '../../util/random.ts';
import { RELATIONS, type RelationName, isValueRelation, startKind } from './catalogue.ts';
import {
  ENTITY_QUESTIONS,
  RELATION_PHRASES,
  VALUE_QUESTIONS,
  WHICH_QUESTIONS,
  YESNO_QUESTIONS,
  fill,
  sentence,
} from './phrases.ts';
import type { MultihopSpec } from './spec.ts';
import type { World } from './world.ts';

/** One document the reference reads: the entity it is about, found by searching its name. */
export interface Hop {
  entity: number;
  query: string;
}

export interface ComposedQuestion {
  question: string;
  answer: string;
  /** The documents to read, in the reference's search order (a comparison's two compared documents last). */
  hops: Hop[];
  /** Every entity the question visits, the entity an entity answer names included (distractors copy these). */
  visited: number[];
}

/** A walk along a path: the entities visited from the start (the start first) and the value it ends with. */
interface Walk {
  entities: number[];
  value: number | null;
}

function walk(world: World, start: number, path: readonly RelationName[]): Walk | null {
  const entities = [start];
  let value: number | null = null;
  for (const relation of path) {
    const fact = world.entities[entities[entities.length - 1]!]!.facts[relation];
    if (fact === undefined) return null;
    if (isValueRelation(relation)) value = fact;
    else {
      if (entities.includes(fact)) return null;
      entities.push(fact);
    }
  }
  return { entities, value };
}

/** The noun phrase of a path's end entity, wrapped from the start's name ("the founder of Zelmark"). */
function nounPhrase(world: World, walked: Walk, path: readonly RelationName[], level: number): string {
  let phrase = world.entities[walked.entities[0]!]!.name;
  for (const relation of path) {
    if (isValueRelation(relation)) break;
    phrase = fill(RELATION_PHRASES[relation]![level]!, { x: phrase });
  }
  return phrase;
}

const nameOf = (world: World, index: number) => world.entities[index]!.name;

/** The documents a path's walk reads: one per relation, each the entity the relation starts from. */
function hopsOf(world: World, walked: Walk, path: readonly RelationName[]): Hop[] {
  return path.map((_, step) => ({ entity: walked.entities[step]!, query: nameOf(world, walked.entities[step]!) }));
}

/**
 * The search order of a comparison: the hops that lead to each side's compared entity first, then the two
 * compared entities' documents. Every action then needs only what the last two searches found (the name
 * to search next, or the two values to compare), which is all a short prompt has to keep.
 */
function comparisonOrder(left: readonly Hop[], right: readonly Hop[]): Hop[] {
  return [...left.slice(0, -1), ...right.slice(0, -1), left[left.length - 1]!, right[right.length - 1]!];
}

/** Entities of a kind, in a random order. */
function candidates(world: World, path: readonly RelationName[], random: Random): number[] {
  const kind = startKind(path);
  return random.shuffle(world.entities.flatMap((entity, index) => (entity.kind === kind ? [index] : [])));
}

/** Whether value x of a relation comes before value y (an earlier year, a larger count). */
export function comesFirst(relation: RelationName, x: number, y: number): boolean {
  return RELATIONS[relation].to === 'year' ? x < y : x > y;
}

/** A question of `spec` in `world`, or why none can be made there. */
export function composeQuestion(world: World, spec: MultihopSpec, random: Random): ParseResult<ComposedQuestion> {
  const level = spec.paraphrase;
  if (spec.form === 'bridge') {
    const path = spec.paths[0]!;
    for (const start of candidates(world, path, random)) {
      const walked = walk(world, start, path);
      if (!walked) continue;
      const last = path[path.length - 1]!;
      const phrase = nounPhrase(world, walked, path, level);
      const end = walked.entities[walked.entities.length - 1]!;
      const question = isValueRelation(last)
        ? sentence(VALUE_QUESTIONS[last]![level]!, { x: phrase })
        : sentence(ENTITY_QUESTIONS[world.entities[end]!.kind]![level]!, { x: phrase });
      return {
        ok: true,
        value: {
          question,
          answer: isValueRelation(last) ? String(walked.value) : nameOf(world, end),
          hops: hopsOf(world, walked, path),
          visited: walked.entities,
        },
      };
    }
    return { ok: false, reason: `no ${startKind(path)} in the world starts a walk along ${path.join('>')}` };
  }
  const [left, right] = spec.paths as [RelationName[], RelationName[]];
  const compared = left[left.length - 1]!;
  const rights = candidates(world, right, random);
  for (const start of candidates(world, left, random)) {
    const first = walk(world, start, left);
    if (!first) continue;
    for (const other of rights) {
      const second = walk(world, other, right);
      if (!second || second.value === first.value) continue;
      if (second.entities.some((entity) => first.entities.includes(entity))) continue;
      const values = { a: nounPhrase(world, first, left, level), b: nounPhrase(world, second, right, level) };
      const leftFirst = comesFirst(compared, first.value!, second.value!);
      const winner = (leftFirst ? first : second).entities;
      const question =
        spec.form === 'which'
          ? sentence(WHICH_QUESTIONS[compared]![level]!, values)
          : sentence(YESNO_QUESTIONS[compared]![level]!, values);
      return {
        ok: true,
        value: {
          question,
          answer: spec.form === 'which' ? nameOf(world, winner[winner.length - 1]!) : leftFirst ? 'yes' : 'no',
          hops: comparisonOrder(hopsOf(world, first, left), hopsOf(world, second, right)),
          visited: [...first.entities, ...second.entities],
        },
      };
    }
  }
  return {
    ok: false,
    reason: `no two distinct walks along ${left.join('>')} and ${right.join('>')} differ in ${compared}`,
  };
}
