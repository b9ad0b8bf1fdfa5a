/**
 * travel: TravelPlanner-style trip planning under constraints (issue 17), in a generated sandbox.
 *
 * - `world.ts`: cities in states, flights, distances, accommodations, restaurants, attractions (a pure function of a
 *   seed, in the shape of TravelPlanner's database).
 * - Spec (what the simulator writes), compact: `d3|c1|p2|tight|x1|h:pets|f:Chinese` (days | cities | travellers |
 *   budget tightness | distractors | house rule, room type, cuisines, no flight / no self-driving).
 * - `solver.ts` proves every spec feasible and gives the reference plan; the budget is set above its cost.
 * - Agent answer, compact (`checks/compact-plan.ts`): one line per day, `Avon>Pell F1234|Pine`, then
 *   `Pell|Pine|Lotus|Basil|Fig|Museum`, `Pell>Avon car`; JSON day lists and `submit_plan` calls are read too.
 * - Scoring: TravelPlanner's commonsense and hard-constraint checks (`checks/`, shared with the benchmark).
 */
export { createTravel } from './domain.ts';
export { TravelOptionsSchema, type TravelOptions } from './options.ts';
export { TravelSpecSchema, type TravelSpec } from './spec.ts';
export type { TravelPayload } from './variation.ts';
export { formatTravelSpec, parseTravelSpec } from './compact-spec.ts';
export { TRAVEL_KNOBS, travelSpecFromKnobs, travelKnobValuesOf } from './knobs.ts';
export { HELD_OUT_VERSION } from './datasets.ts';
export { createTravelWorld, type TravelWorld } from './world.ts';
