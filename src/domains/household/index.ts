/**
 * household: ALFWorld-style embodied tasks in generated scenes (six task types), played turn by turn in
 * the ALFRED text engine (`alfred/`, shared with the ALFWorld benchmark).
 *
 * - Spec, compact: `clean|mug>countertop|r4|p2|d3|c1` (task | object>destination | search receptacles |
 *   place of the target in the search order | distractor objects | closed containers).
 * - A planner plays the reference strategy in the engine: every instance's plan is proven to reach the goal.
 * - The agent answers one command per turn (`go to drawer 1`, or an `act` tool call); an episode's
 *   completion is its commands, one per line, and scores 1 when the goal holds.
 * - Option `width` (1–3): search receptacles and the target's depth up to 6 × width (`width.ts`).
 */
export { createHousehold } from './domain.ts';
export { HouseholdOptionsSchema } from './options.ts';
export { HouseholdSpecSchema, formatHouseholdSpec, parseHouseholdSpec, type HouseholdSpec } from './spec.ts';
export { householdInteraction, type HouseholdPayload } from './episode.ts';
export { HOUSEHOLD_KNOBS } from './knobs.ts';
export { HELD_OUT_VERSION } from './datasets.ts';
