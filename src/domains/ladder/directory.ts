/**
 * The people a ladder task is about: each has a name and six attributes whose values never overlap between
 * attributes (roles, cities and teams are distinct words; ages 20..59, floors 1..9, desks 60..99).
 */
import type { Random } from '../../util/random.ts';

/** What a person can be searched by, in the order `find_person` lists its parameters. */
export const ATTRIBUTES = ['role', 'city', 'team', 'age', 'floor', 'desk'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export type Person = { name: string } & Record<Attribute, string | number>;

export const NAMES = [
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

const ROLES = ['chef', 'nurse', 'pilot', 'judge', 'clerk', 'coach', 'baker', 'miner'];
const CITIES = ['Oslo', 'Rome', 'Lima', 'Kyiv', 'Pune', 'Baku', 'Doha', 'Riga'];
const TEAMS = ['red', 'blue', 'green', 'gold', 'gray', 'pink', 'teal', 'plum'];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The values each attribute takes. */
export const ATTRIBUTE_VALUES: Readonly<Record<Attribute, readonly (string | number)[]>> = {
  role: ROLES,
  city: CITIES,
  team: TEAMS,
  age: range(20, 59),
  floor: range(1, 9),
  desk: range(60, 99),
};

/** A value of `attribute` other than `current`. */
export function otherValue(random: Random, attribute: Attribute, current: string | number): string | number {
  return random.pick(ATTRIBUTE_VALUES[attribute].filter((value) => value !== current));
}

/** A person with every attribute drawn uniformly. */
export function drawPerson(random: Random, name: string): Person {
  const person: Record<string, string | number> = { name };
  for (const attribute of ATTRIBUTES) person[attribute] = random.pick(ATTRIBUTE_VALUES[attribute]);
  return person as Person;
}
