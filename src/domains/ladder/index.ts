export { createLadderWorld, LadderOptionsSchema, type LadderOptions } from './domain.ts';
export type { LadderSpec } from './spec.ts';
export { constraintsOf, distractorsOf, rungOf } from './spec.ts';
export type { LadderPayload } from './variation.ts';
