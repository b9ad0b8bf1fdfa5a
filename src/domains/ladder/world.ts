/**
 * The ladder world's directory: people, firms and cities joined by total relations, so that every path of
 * lookups from any entity is defined. Seeded: the same world seed gives the same directory.
 */
import { Random } from '../../util/random.ts';

/** The three kinds of entity a value flowing along a chain can be. */
export type EntityKind = 'person' | 'firm' | 'city';

/** What a person can be searched by; values are single words or numbers below 100. */
export const ATTRIBUTES = ['role', 'city', 'team', 'age', 'floor', 'desk'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export interface Person {
  name: string;
  role: string;
  /** Home city (also the `home` relation). */
  city: string;
  team: string;
  /** 20..69 */
  age: number;
  /** 1..9 */
  floor: number;
  /** 10..99, distinct per person */
  desk: number;
  manager: string;
  employer: string;
}

export interface Company {
  name: string;
  ceo: string;
  parent: string;
  hq: string;
}

export interface City {
  name: string;
  mayor: string;
  twin: string;
  topFirm: string;
}

export interface World {
  people: Person[];
  companies: Company[];
  cities: City[];
  personByName: ReadonlyMap<string, Person>;
  companyByName: ReadonlyMap<string, Company>;
  cityByName: ReadonlyMap<string, City>;
}

const PEOPLE = [
  'Ann',
  'Ben',
  'Cara',
  'Dan',
  'Eva',
  'Finn',
  'Gus',
  'Hana',
  'Ivo',
  'Jade',
  'Kai',
  'Lea',
  'Max',
  'Nia',
  'Omar',
  'Pia',
  'Quin',
  'Rosa',
  'Sam',
  'Tara',
  'Uma',
  'Vic',
  'Wes',
  'Xena',
  'Yuri',
  'Zoe',
  'Abe',
  'Bea',
  'Cy',
  'Dora',
  'Eli',
  'Fay',
  'Gil',
  'Ida',
  'Jon',
  'Kim',
  'Leo',
  'Mia',
  'Ned',
  'Ola',
];
const COMPANIES = ['Acme', 'Bolt', 'Crane', 'Delta', 'Ember', 'Flint', 'Globe', 'Helix', 'Iris', 'Jet'];
const CITIES = ['Oslo', 'Rome', 'Lima', 'Kyiv', 'Pune', 'Baku', 'Doha', 'Riga'];
/** Values of the word attributes. */
export const ROLES = ['chef', 'nurse', 'pilot', 'judge', 'clerk', 'coach', 'baker', 'miner'];
export const TEAMS = ['red', 'blue', 'green', 'gold', 'gray', 'pink', 'teal', 'plum'];

/** Another member of `names` than `self`. */
function other(random: Random, names: readonly string[], self: string): string {
  const choices = names.filter((name) => name !== self);
  return random.pick(choices);
}

/** The directory of world seed `seed`. */
export function createWorld(seed: number): World {
  const random = new Random(seed);
  const desks = random.shuffle(Array.from({ length: 90 }, (_, index) => index + 10));
  const people: Person[] = PEOPLE.map((name, index) => ({
    name,
    role: random.pick(ROLES),
    city: random.pick(CITIES),
    team: random.pick(TEAMS),
    age: random.int(20, 69),
    floor: random.int(1, 9),
    desk: desks[index]!,
    manager: other(random, PEOPLE, name),
    employer: random.pick(COMPANIES),
  }));
  const companies: Company[] = COMPANIES.map((name) => ({
    name,
    ceo: random.pick(PEOPLE),
    parent: other(random, COMPANIES, name),
    hq: random.pick(CITIES),
  }));
  const cities: City[] = CITIES.map((name) => ({
    name,
    mayor: random.pick(PEOPLE),
    twin: other(random, CITIES, name),
    topFirm: random.pick(COMPANIES),
  }));
  return {
    people,
    companies,
    cities,
    personByName: new Map(people.map((person) => [person.name, person])),
    companyByName: new Map(companies.map((company) => [company.name, company])),
    cityByName: new Map(cities.map((city) => [city.name, city])),
  };
}

/** The value a person has for a search attribute. */
export function attributeOf(person: Person, attribute: Attribute): string | number {
  return person[attribute];
}

/** The first person in directory order who matches every filter, or null. */
export function findPerson(
  world: World,
  filters: Readonly<Partial<Record<Attribute, string | number>>>,
): Person | null {
  const entries = Object.entries(filters) as [Attribute, string | number][];
  return (
    world.people.find((person) => entries.every(([attribute, value]) => String(person[attribute]) === String(value))) ??
    null
  );
}
