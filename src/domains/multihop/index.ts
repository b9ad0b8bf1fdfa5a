/**
 * multihop: compositional questions (2–4 hops) over a generated fictional world, answered by searching
 * its documents (Bamboogle / Search-R1 style).
 *
 * - World: countries, cities, companies, bands, films and people with invented names and facts; one short
 *   document per entity, searched with BM25 (`../search`, shared with the Bamboogle benchmark).
 * - Spec, compact: `bridge|founder>born|d2|p1`, `which|founder>born|leader>born|d0|p0` (form | relation
 *   path(s) from a named start entity | similar-named distractor documents | paraphrase level).
 * - The agent searches or answers once per turn (`search: query`, `answer: text`, Search-R1 tags, or the
 *   `search` / `final_answer` tools); success is the exact match of the answer, reward its token F1.
 */
export { createMultihop } from './domain.ts';
export { MultihopOptionsSchema } from './options.ts';
export { MultihopSpecSchema, formatMultihopSpec, parseMultihopSpec, type MultihopSpec } from './spec.ts';
export { multihopInteraction, type MultihopPayload } from './episode.ts';
export { MULTIHOP_KNOBS } from './knobs.ts';
export { HELD_OUT_VERSION } from './datasets.ts';
