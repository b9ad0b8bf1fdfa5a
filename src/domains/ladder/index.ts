export { createLadderWorld } from './domain.ts';
export { LadderOptionsSchema, type LadderOptions } from './options.ts';
export type { LadderSpec } from './spec.ts';
export { constraintCount, distractorCount, rungOf } from './spec.ts';
export type { LadderPayload } from './variation.ts';
