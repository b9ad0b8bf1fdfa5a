/**
 * The ladder world's tools: `find_person` (search by attributes) and nine lookups, one per (kind of the current
 * value, step of the path). A path step names what to go to next — its city, its firm, its boss — and which tool
 * does that depends on what the current value is, so an agent carries the value's kind along the chain.
 */
import type { ToolSchema } from '../../interfaces/chat.ts';
import { ATTRIBUTES, type Attribute, type EntityKind, type World } from './world.ts';

/** The steps a path is written in, and the kind of value each leads to. */
export const STEPS = ['city', 'firm', 'boss'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_RESULT: Readonly<Record<Step, EntityKind>> = { city: 'city', firm: 'firm', boss: 'person' };

/** A lookup tool: from one entity of `input` kind (its parameter is named after the kind) to another. */
export interface LookupTool {
  name: string;
  input: EntityKind;
  step: Step;
  description: string;
  lookup: (world: World, name: string) => string | null;
}

export const FIND_PERSON = 'find_person';

export const LOOKUPS: readonly LookupTool[] = [
  {
    name: 'city_of_person',
    input: 'person',
    step: 'city',
    description: 'the city a person lives in',
    lookup: (world, name) => world.personByName.get(name)?.city ?? null,
  },
  {
    name: 'firm_of_person',
    input: 'person',
    step: 'firm',
    description: 'the firm a person works for',
    lookup: (world, name) => world.personByName.get(name)?.employer ?? null,
  },
  {
    name: 'boss_of_person',
    input: 'person',
    step: 'boss',
    description: "a person's manager",
    lookup: (world, name) => world.personByName.get(name)?.manager ?? null,
  },
  {
    name: 'city_of_firm',
    input: 'firm',
    step: 'city',
    description: 'the city a firm has its headquarters in',
    lookup: (world, name) => world.companyByName.get(name)?.hq ?? null,
  },
  {
    name: 'firm_of_firm',
    input: 'firm',
    step: 'firm',
    description: 'the firm that owns a firm',
    lookup: (world, name) => world.companyByName.get(name)?.parent ?? null,
  },
  {
    name: 'boss_of_firm',
    input: 'firm',
    step: 'boss',
    description: "a firm's chief executive",
    lookup: (world, name) => world.companyByName.get(name)?.ceo ?? null,
  },
  {
    name: 'city_of_city',
    input: 'city',
    step: 'city',
    description: "a city's twin city",
    lookup: (world, name) => world.cityByName.get(name)?.twin ?? null,
  },
  {
    name: 'firm_of_city',
    input: 'city',
    step: 'firm',
    description: 'the largest firm of a city',
    lookup: (world, name) => world.cityByName.get(name)?.topFirm ?? null,
  },
  {
    name: 'boss_of_city',
    input: 'city',
    step: 'boss',
    description: "a city's mayor",
    lookup: (world, name) => world.cityByName.get(name)?.mayor ?? null,
  },
];

const lookupByName = new Map(LOOKUPS.map((tool) => [tool.name, tool]));

/** The lookup tool of a step taken from a value of `kind`. */
export function lookupFor(kind: EntityKind, step: Step): LookupTool {
  const tool = LOOKUPS.find((candidate) => candidate.input === kind && candidate.step === step);
  if (!tool) throw new RangeError(`no lookup for ${step} of a ${kind}`);
  return tool;
}

export const lookupTool = (name: string): LookupTool | undefined => lookupByName.get(name);

/** Search attributes whose values are numbers (compared as numbers). */
export const NUMERIC_ATTRIBUTES: ReadonlySet<Attribute> = new Set<Attribute>(['age', 'floor', 'desk']);

/** OpenAI tool schemas of every tool, for chat models (the same ten for every task). */
export function toolSchemas(): ToolSchema[] {
  const find: ToolSchema = {
    type: 'function',
    function: {
      name: FIND_PERSON,
      description: 'the first person in the directory who matches every given attribute',
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          ATTRIBUTES.map((attribute) => [
            attribute,
            {
              type: NUMERIC_ATTRIBUTES.has(attribute) ? 'integer' : 'string',
              description: `the person's ${attribute}`,
            },
          ]),
        ),
      },
    },
  };
  const lookups = LOOKUPS.map(
    (tool): ToolSchema => ({
      type: 'function',
      function: {
        name: tool.name,
        description: tool.description,
        parameters: {
          type: 'object',
          properties: {
            [tool.input]: { type: 'string', description: `a ${tool.input} name, or "$" for the previous result` },
          },
          required: [tool.input],
        },
      },
    }),
  );
  return [find, ...lookups];
}
