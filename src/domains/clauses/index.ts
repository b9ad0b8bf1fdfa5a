export { createClausesWorld } from './domain.ts';
export { type ClausesOptions, ClausesOptionsSchema } from './options.ts';
export type { ClausesSpec } from './spec.ts';
export { partCounts } from './spec.ts';
export { drawFromGrammar, taskTypeCount } from './draws.ts';
export type { ClausesPayload } from './variation.ts';
