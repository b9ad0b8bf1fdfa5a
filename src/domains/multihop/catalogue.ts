/**
 * What the fictional world is made of: six kinds of entities and eleven relations between them. A
 * relation leads from an entity to another entity (`founder`: company → person) or to a value
 * (`born`: person → year); a value ends a path. Relation names are unique across kinds, so a path of
 * relation names says which kind it starts from. Each kind has at most one relation to an entity (a
 * company its founder, a person a birthplace, a city its country, a country its capital): a document then
 * names one other entity, which a small model can learn to carry into its next search; what a question
 * asks decides how far to follow the links and which fact to answer with.
 */

export const KINDS = ['person', 'city', 'country', 'company', 'band', 'film'] as const;
export type Kind = (typeof KINDS)[number];
/** What a value relation holds: a year (compared by "earlier") or a count (compared by "larger"). */
export type ValueType = 'year' | 'count';

export const RELATION_NAMES = [
  'born',
  'birthplace',
  'country',
  'population',
  'capital',
  'founder',
  'founded',
  'leader',
  'formed',
  'director',
  'released',
] as const;
export type RelationName = (typeof RELATION_NAMES)[number];

export interface Relation {
  name: RelationName;
  from: Kind;
  to: Kind | ValueType;
}

export const RELATIONS: Record<RelationName, Relation> = {
  born: { name: 'born', from: 'person', to: 'year' },
  birthplace: { name: 'birthplace', from: 'person', to: 'city' },
  country: { name: 'country', from: 'city', to: 'country' },
  population: { name: 'population', from: 'city', to: 'count' },
  capital: { name: 'capital', from: 'country', to: 'city' },
  founder: { name: 'founder', from: 'company', to: 'person' },
  founded: { name: 'founded', from: 'company', to: 'year' },
  leader: { name: 'leader', from: 'band', to: 'person' },
  formed: { name: 'formed', from: 'band', to: 'year' },
  director: { name: 'director', from: 'film', to: 'person' },
  released: { name: 'released', from: 'film', to: 'year' },
};

/** Whether a relation leads to a value (and so ends a path). */
export function isValueRelation(name: RelationName): boolean {
  const { to } = RELATIONS[name];
  return to === 'year' || to === 'count';
}

/** The relations that start from a kind. */
export function relationsFrom(kind: Kind): RelationName[] {
  return RELATION_NAMES.filter((name) => RELATIONS[name].from === kind);
}

/** Two steps that always come back to where they started (the country of a country's capital is that country). */
const LOOPS = new Set(['capital>country']);

/** Whether `next` may follow `previous` in a path (it may not when the pair always loops back). */
export function mayFollow(previous: RelationName | undefined, next: RelationName): boolean {
  if (previous === undefined) return true;
  return (
    !isValueRelation(previous) && RELATIONS[previous].to === RELATIONS[next].from && !LOOPS.has(`${previous}>${next}`)
  );
}

/**
 * Why a path of relation names is not a walk through the world (null when it is): each relation must start
 * from the kind the previous one leads to, a value may only come last, and no pair may loop back.
 */
export function pathIssue(path: readonly RelationName[]): string | null {
  if (path.length === 0) return 'a path needs at least one relation';
  for (let index = 1; index < path.length; index++) {
    const previous = path[index - 1]!;
    const next = path[index]!;
    if (isValueRelation(previous)) return `${previous} gives a value, so nothing may follow it (got ${next})`;
    if (RELATIONS[previous].to !== RELATIONS[next].from)
      return `${previous} leads to a ${RELATIONS[previous].to}, but ${next} starts from a ${RELATIONS[next].from}`;
    if (!mayFollow(previous, next)) return `${previous}>${next} always leads back to where it started`;
  }
  return null;
}

/** The kind a path starts from. */
export const startKind = (path: readonly RelationName[]): Kind => RELATIONS[path[0]!].from;

/** How a path must end: with an entity relation, with a value relation, with either, or with one named relation. */
export type Ending = 'entity' | 'value' | 'any' | RelationName;

/** Whether a path whose last relation is `relation` ends as `ending`. */
export function endsAs(relation: RelationName, ending: Ending): boolean {
  if (ending === 'any') return true;
  if (ending === 'entity') return !isValueRelation(relation);
  if (ending === 'value') return isValueRelation(relation);
  return relation === ending;
}

const completionCache = new Map<string, boolean>();

/**
 * Whether exactly `steps` (≥ 1) more relations can follow `previous` (undefined: a path's start, any kind)
 * and end as `ending`. Memoised; the grammar and the knobs ask it for every partial path.
 */
export function completesIn(previous: RelationName | undefined, steps: number, ending: Ending): boolean {
  if (steps < 1) return false;
  const key = `${previous ?? ''}|${steps}|${ending}`;
  let found = completionCache.get(key);
  if (found === undefined) {
    found = RELATION_NAMES.some(
      (next) =>
        mayFollow(previous, next) &&
        (steps === 1 ? endsAs(next, ending) : !isValueRelation(next) && completesIn(next, steps - 1, ending)),
    );
    completionCache.set(key, found);
  }
  return found;
}

/** Whether 1..`steps` more relations can follow `previous` and end as `ending`. */
export function completesWithin(previous: RelationName | undefined, steps: number, ending: Ending): boolean {
  for (let count = 1; count <= steps; count++) if (completesIn(previous, count, ending)) return true;
  return false;
}

/** The value relations a comparison may compare (every value relation: years by date, counts by size). */
export const COMPARABLE: readonly RelationName[] = RELATION_NAMES.filter(isValueRelation);
