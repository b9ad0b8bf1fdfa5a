/**
 * The structured fields of a TravelPlanner query (the official dataset's columns), which the checks read.
 */

export type HouseRule = 'smoking' | 'parties' | 'children under 10' | 'visitors' | 'pets';
export type RoomType = 'shared room' | 'not shared room' | 'private room' | 'entire room';
export type TransportationRule = 'no flight' | 'no self-driving';
export type Level = 'easy' | 'medium' | 'hard';

/** The seven cuisines TravelPlanner queries draw from. */
export const CUISINES = ['Chinese', 'American', 'Italian', 'Mexican', 'Indian', 'Mediterranean', 'French'] as const;

/** The official `local_constraint` dict (keys 'house rule', 'cuisine', 'room type', 'transportation'). */
export interface LocalConstraint {
  houseRule: HouseRule | null;
  cuisine: string[] | null;
  roomType: RoomType | null;
  transportation: TransportationRule | null;
}

/** The structured fields of one query, as in the official dataset's columns. */
export interface TravelQuery {
  id: string;
  /** The query in words. */
  query: string;
  org: string;
  /** The city for 3-day trips, else the state whose cities are visited. */
  dest: string;
  days: number;
  visitingCityNumber: number;
  /** Every date of the trip, `YYYY-MM-DD`. */
  date: string[];
  peopleNumber: number;
  budget: number;
  localConstraint: LocalConstraint;
  level: Level;
}

/** Number of local constraints that are set (0–4). */
export function constraintCount(constraint: LocalConstraint): number {
  return [constraint.houseRule, constraint.cuisine, constraint.roomType, constraint.transportation].filter(
    (value) => value !== null,
  ).length;
}

/** The official difficulty level of a query with `count` local constraints: easy 0, medium 1, hard more. */
export function levelOf(count: number): Level {
  return count === 0 ? 'easy' : count === 1 ? 'medium' : 'hard';
}
