/**
 * The task spec the simulator writes: a trip's shape (days, cities, travellers), how tight its budget is, how many
 * distractor entries the prompt shows, TravelPlanner's local constraints (house rule, room type, cuisines, no flight /
 * no self-driving), and optionally fixed places. Each variation draws the route, dates and reference plan that meet
 * it; the budget is set from the cheapest plan the solver finds (loose, medium or tight above it).
 */
import { z } from 'zod';
import { CUISINES } from './checks/query.ts';

/**
 * Trip lengths. TravelPlanner has 3, 5 and 7 days (1, 2, 3 cities); 2 days (fly out, one night, fly back: no full day
 * to fill) and 4 days are added so that a small model meets short plans first.
 */
export const DAY_LEVELS = [2, 3, 4, 5, 7] as const;
export const CITY_LEVELS = [1, 2, 3] as const;
export const MAX_PEOPLE = 8;
/** Full days (neither arriving nor leaving) a trip may spend in one city: 12 restaurants there, 3 meals a day. */
export const MAX_FULL_DAYS_PER_CITY = 3;
export const BUDGET_LEVELS = ['loose', 'medium', 'tight'] as const;
export type BudgetLevel = (typeof BUDGET_LEVELS)[number];
/** Budget = the cheapest found plan's cost × this factor, rounded up to $10. */
export const BUDGET_FACTOR: Record<BudgetLevel, number> = { loose: 1.5, medium: 1.2, tight: 1.05 };
export const DISTRACTOR_LEVELS = [0, 1, 2] as const;
/** At most this many cuisines are asked for (every trip has at least three meals outside home). */
export const MAX_CUISINES = 3;

/** Compact codes of the local constraints (spec text) and their official values. */
export const HOUSE_RULE_CODES = {
  smoking: 'smoking',
  parties: 'parties',
  children: 'children under 10',
  visitors: 'visitors',
  pets: 'pets',
} as const;
export const ROOM_TYPE_CODES = {
  shared: 'shared room',
  notshared: 'not shared room',
  private: 'private room',
  entire: 'entire room',
} as const;
export const TRANSPORT_CODES = { noflight: 'no flight', nodrive: 'no self-driving' } as const;
export type HouseRuleCode = keyof typeof HOUSE_RULE_CODES;
export type RoomTypeCode = keyof typeof ROOM_TYPE_CODES;
export type TransportCode = keyof typeof TRANSPORT_CODES;

const codes = <T extends object>(table: T) => Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];

/** Most cities a trip of `days` days may visit (each city needs a night; at most 3 full days per city), 0 if none. */
export function maxCities(days: number): number {
  return Math.min(3, days - 1);
}
/** Fewest cities a trip of `days` days may visit under the full-days limit. */
export function minCities(days: number): number {
  return Math.max(1, Math.ceil((days - 1) / (MAX_FULL_DAYS_PER_CITY + 1)));
}
/** Whether a trip of `days` days can visit `cities` cities. */
export function validShape(days: number, cities: number): boolean {
  return cities >= minCities(days) && cities <= maxCities(days);
}

const PlaceSchema = z
  .string()
  .regex(/^[A-Z][A-Za-z]{1,19}$/, 'places are one capitalised word of 2–20 letters')
  .describe('a city or state of the world');

export const TravelSpecSchema = z
  .object({
    days: z
      .number()
      .int()
      .refine(
        (value) => (DAY_LEVELS as readonly number[]).includes(value),
        `days must be one of ${DAY_LEVELS.join(', ')}`,
      )
      .describe('trip length in days'),
    cities: z
      .number()
      .int()
      .refine((value) => (CITY_LEVELS as readonly number[]).includes(value), 'cities must be 1, 2 or 3')
      .describe('cities visited'),
    people: z.number().int().min(1).max(MAX_PEOPLE).describe('travellers'),
    budget: z.enum(BUDGET_LEVELS).describe('budget above the cheapest plan: loose ×1.5, medium ×1.2, tight ×1.05'),
    distractors: z.number().int().min(0).max(2).describe('entries shown per category beyond those the plan needs'),
    houseRule: z.enum(codes(HOUSE_RULE_CODES)).nullable().describe('what the stay must allow'),
    roomType: z.enum(codes(ROOM_TYPE_CODES)).nullable(),
    cuisines: z.array(z.enum(CUISINES)).max(MAX_CUISINES).describe('cuisines some meal must serve'),
    transport: z.enum(codes(TRANSPORT_CODES)).nullable(),
    origin: PlaceSchema.nullable().describe('fixed home city (else drawn per variation)'),
    destination: PlaceSchema.nullable().describe('fixed destination: a city for one-city trips, else a state'),
  })
  .strict()
  .superRefine((spec, issues) => {
    if (!validShape(spec.days, spec.cities))
      issues.addIssue({
        code: 'custom',
        message:
          `a ${spec.days}-day trip visits ${minCities(spec.days)}–${maxCities(spec.days)} cities, ` +
          `not ${spec.cities}`,
        path: ['cities'],
      });
    if (new Set(spec.cuisines).size !== spec.cuisines.length)
      issues.addIssue({ code: 'custom', message: 'a cuisine is listed twice', path: ['cuisines'] });
  });

export type TravelSpec = z.infer<typeof TravelSpecSchema>;

/** Number of local constraint types set (0–4), as TravelPlanner counts them for its levels. */
export function specConstraintCount(spec: TravelSpec): number {
  return [spec.houseRule !== null, spec.roomType !== null, spec.cuisines.length > 0, spec.transport !== null].filter(
    Boolean,
  ).length;
}
