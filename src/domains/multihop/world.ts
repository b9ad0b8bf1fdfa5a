/**
 * A generated fictional world, a pure function of its random stream: 3 countries, 6 cities, 3 companies,
 * 2 bands, 2 films and 12 people with invented names. Every entity has every relation of its kind (every
 * city a country and a population; every company a founder and a year); the people holding a role
 * (founder, leader, director) are all different. Each entity has a short document stating its facts,
 * which is what the search tool finds.
 */
import { Random } from '../../util/random.ts';
import { type Kind, RELATIONS, type RelationName, isValueRelation, relationsFrom } from './catalogue.ts';
import { NameMaker, type NamePools, SIMILAR_WORDS, inventNamePools } from './names.ts';
import { templateWords } from './phrases.ts';

/** One entity: its kind, name and facts (an entity's index for a relation to an entity, else the value). */
export interface Entity {
  kind: Kind;
  name: string;
  facts: Partial<Record<RelationName, number>>;
}

export interface World {
  entities: Entity[];
}

/** Entities of each kind in a generated world (people: one per role, plus five without one). */
export const WORLD_SIZES: Record<Kind, number> = { country: 3, city: 6, company: 3, band: 2, film: 2, person: 12 };

/**
 * Ranges values are drawn from, inclusive: years of the world's own calendar (two digits), populations in
 * whole thousands. Written out, a year is one token (`34`) and a population three (`34`, `00`, `0`) of which
 * only the first varies. Thirty values share those tokens: a small model learns to copy a number from a
 * document into its answer when the numbers range over thirty values, and not when they range over ninety
 * (measured on the answers to year and birthplace bridges after 375 SFT steps: 0.88 right with thirty
 * values, 0.32 with ninety, none of them a year).
 */
export const VALUE_RANGES: Record<'born' | 'founded' | 'formed' | 'released' | 'population', [number, number]> = {
  born: [20, 49],
  founded: [20, 49],
  formed: [20, 49],
  released: [20, 49],
  population: [20, 49],
};

/** A value of a value relation, drawn from its range (populations in thousands). */
export function drawValue(relation: RelationName, random: Random): number {
  const range = VALUE_RANGES[relation as keyof typeof VALUE_RANGES];
  const value = random.int(range[0], range[1]);
  return relation === 'population' ? value * 1000 : value;
}

/** Generates a world; `names` draws every name (pass the same maker on to keep later names distinct). */
export function generateWorld(random: Random, names: NameMaker = new NameMaker(random, NAME_POOLS)): World {
  const entities: Entity[] = [];
  const byKind = {} as Record<Kind, number[]>;
  for (const kind of ['country', 'city', 'company', 'band', 'film', 'person'] as const) {
    byKind[kind] = [];
    for (let count = 0; count < WORLD_SIZES[kind]; count++) {
      byKind[kind].push(entities.length);
      entities.push({ kind, name: names.name(kind), facts: {} });
    }
  }
  const people = random.shuffle(byKind.person);
  const roleHolder = () => people.pop()!;
  const set = (index: number, relation: RelationName, value: number) => {
    entities[index]!.facts[relation] = value;
  };
  byKind.city.forEach((city, position) => {
    set(city, 'country', byKind.country[position % byKind.country.length]!);
    set(city, 'population', drawValue('population', random));
  });
  for (const country of byKind.country) {
    set(country, 'capital', random.pick(byKind.city.filter((city) => entities[city]!.facts.country === country)));
  }
  const roles: [Kind, RelationName, RelationName][] = [
    ['company', 'founder', 'founded'],
    ['band', 'leader', 'formed'],
    ['film', 'director', 'released'],
  ];
  for (const [kind, role, value] of roles) {
    for (const index of byKind[kind]) {
      set(index, role, roleHolder());
      set(index, value, drawValue(value, random));
    }
  }
  for (const person of byKind.person) {
    set(person, 'born', drawValue('born', random));
    set(person, 'birthplace', random.pick(byKind.city));
  }
  return { entities };
}

/** Draws facts for an entity of `kind` that points into `world`'s first `among` entities (a distractor's facts). */
export function drawFacts(world: World, kind: Kind, random: Random, among: number): Entity['facts'] {
  const facts: Entity['facts'] = {};
  for (const relation of relationsFrom(kind)) {
    if (isValueRelation(relation)) {
      facts[relation] = drawValue(relation, random);
    } else {
      const target = RELATIONS[relation].to;
      const candidates = world.entities
        .slice(0, among)
        .flatMap((entity, index) => (entity.kind === target ? [index] : []));
      facts[relation] = random.pick(candidates);
    }
  }
  return facts;
}

/**
 * Document wording per kind, a one-line fact sheet: `{name}` is the entity's own name, `{relation}` the
 * name of the entity or the value the relation leads to, each fact under the relation's own name (the word
 * the common wording of a question uses: "the founder of X" ↔ `founder Mira Olvane`). Regular documents
 * keep what a hop needs in the same place, which a small model can learn to read.
 */
export const DOCUMENT_TEMPLATES: Record<Kind, string> = {
  person: '{name} (person): birthplace {birthplace}; born {born}.',
  city: '{name} (city): country {country}; population {population}.',
  country: '{name} (country): capital {capital}.',
  company: '{name} (company): founder {founder}; founded {founded}.',
  band: '{name} (band): leader {leader}; formed {formed}.',
  film: '{name} (film): director {director}; released {released}.',
};

/** The document of an entity: a few sentences stating its facts. */
export function documentText(world: World, index: number): string {
  const entity = world.entities[index]!;
  return DOCUMENT_TEMPLATES[entity.kind].replace(/\{([a-z]+)\}/g, (_, key: string) => {
    if (key === 'name') return entity.name;
    const fact = entity.facts[key as RelationName]!;
    return isValueRelation(key as RelationName) ? String(fact) : world.entities[fact]!.name;
  });
}

/** Lower-case words of the documents, the questions and the similar-name words: no name may be one. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  ...Object.values(DOCUMENT_TEMPLATES).flatMap((template) => template.toLowerCase().match(/[a-z]+/g) ?? []),
  ...templateWords(),
  ...Object.values(SIMILAR_WORDS).flatMap(({ words }) => words.map((word) => word.toLowerCase())),
]);

/** Seed of the name pools (changing it renames every world: bump the held-out version). */
export const NAME_POOL_SEED = 31;

/** The name pools every world draws from. */
export const NAME_POOLS: NamePools = inventNamePools(new Random(NAME_POOL_SEED), RESERVED_WORDS);
