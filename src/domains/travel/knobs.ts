/**
 * Difficulty knobs (ordered easy → hard) and the spec a parametric simulator gets from a choice of knob values; the
 * seed draws the travellers and which constraints (of the asked count) are set, with which values.
 */
import type { Knob } from '../../interfaces/domain.ts';
import { chooseKnobValues } from '../knob-values.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { Random } from '../../util/random.ts';
import { CUISINES } from './checks/query.ts';
import {
  BUDGET_LEVELS,
  CITY_LEVELS,
  DAY_LEVELS,
  DISTRACTOR_LEVELS,
  HOUSE_RULE_CODES,
  ROOM_TYPE_CODES,
  TRANSPORT_CODES,
  TravelSpecSchema,
  specConstraintCount,
  type TravelSpec,
} from './spec.ts';

export const TRAVEL_KNOBS: readonly Knob[] = [
  { name: 'days', description: 'trip length (TravelPlanner: 3, 5, 7)', values: DAY_LEVELS },
  { name: 'cities', description: 'cities visited (a 2-day trip visits one, a week at least two)', values: CITY_LEVELS },
  {
    name: 'constraints',
    description: 'local constraint types set: house rule, room type, cuisines, transport',
    values: [0, 1, 2, 3, 4],
  },
  {
    name: 'budget',
    description: 'budget above the cheapest plan: loose ×1.5, medium ×1.2, tight ×1.05',
    values: BUDGET_LEVELS,
  },
  {
    name: 'distractors',
    description: 'entries shown per category beyond those the plan needs',
    values: DISTRACTOR_LEVELS,
  },
];

const CONSTRAINT_TYPES = ['houseRule', 'roomType', 'cuisines', 'transport'] as const;

/** Sets `count` constraint types on a spec, chosen and valued by `random`. */
export function drawConstraints(
  random: Random,
  count: number,
): Pick<TravelSpec, 'houseRule' | 'roomType' | 'cuisines' | 'transport'> {
  const chosen = new Set(random.shuffle(CONSTRAINT_TYPES).slice(0, count));
  const keys = <T extends object>(table: T) => Object.keys(table) as (keyof T)[];
  return {
    houseRule: chosen.has('houseRule') ? random.pick(keys(HOUSE_RULE_CODES)) : null,
    roomType: chosen.has('roomType') ? random.pick(keys(ROOM_TYPE_CODES)) : null,
    cuisines: chosen.has('cuisines') ? random.shuffle(CUISINES).slice(0, random.int(1, 2)) : [],
    transport: chosen.has('transport') ? random.pick(keys(TRANSPORT_CODES)) : null,
  };
}

/** Builds a spec from one value per knob; a trip shape that cannot be (2 days, 3 cities) is refused with the reason. */
export function travelSpecFromKnobs(values: Record<string, string | number>, seed: number): ParseResult<TravelSpec> {
  const checked = chooseKnobValues(TRAVEL_KNOBS, values);
  if (!checked.ok) return checked;
  const chosen = checked.value;
  const random = new Random(seed);
  const parsed = TravelSpecSchema.safeParse({
    days: chosen.days,
    cities: chosen.cities,
    people: random.pick([1, 1, 2, 2, 3, 4]),
    budget: chosen.budget,
    distractors: chosen.distractors,
    ...drawConstraints(random, Number(chosen.constraints)),
    origin: null,
    destination: null,
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeZodError(parsed.error) };
}

/** The knob values of a spec (inverse of `travelSpecFromKnobs` up to the seed's choices). */
export function travelKnobValuesOf(spec: TravelSpec): Record<string, string | number> {
  return {
    days: spec.days,
    cities: spec.cities,
    constraints: specConstraintCount(spec),
    budget: spec.budget,
    distractors: spec.distractors,
  };
}
