/**
 * Multi-hop question answering with search as a Domain: compositional questions over a generated
 * fictional world, answered by searching its documents turn by turn, each with a reference plan proven
 * by playing it. Interactive: the agent searches or answers once per turn.
 */
import type { z } from 'zod';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { sizedHeldOutDraw } from '../held-out-sets.ts';
import { MultihopOptionsSchema } from './options.ts';
import { buildSeeds, drawSpec, HELD_OUT } from './datasets.ts';
import { type MultihopPayload, multihopInteraction, renderMultihop } from './episode.ts';
import { multihopGrammar } from './grammar.ts';
import { instantiateVariation } from './instantiate.ts';
import { MULTIHOP_KNOBS, multihopFeatures, multihopKnobValuesOf, multihopSpecFromKnobs } from './knobs.ts';
import { MultihopSpecSchema, type MultihopSpec, familyOf, formatMultihopSpec, parseMultihopSpec } from './spec.ts';

/** The multihop domain. Throws GenEnvError('config') on bad options. */
export const createMultihop: DomainFactory<
  MultihopSpec,
  MultihopPayload,
  z.input<typeof MultihopOptionsSchema>
> = defineDomain({
  name: 'multihop',
  options: MultihopOptionsSchema,
  world: ({ seedTasks, heldOutSize }) => ({
    version: '1',
    specSchema: MultihopSpecSchema,
    knobs: MULTIHOP_KNOBS,
    specFromKnobs: multihopSpecFromKnobs,
    knobValuesOf: multihopKnobValuesOf,
    // Each variation generates worlds until its plan is proven: fewer per call than a single-response world.
    variation: instantiateVariation,
    maxVariations: 256,
    seeds: () => buildSeeds(seedTasks),
    heldOut: sizedHeldOutDraw(HELD_OUT, drawSpec, heldOutSize),
    grammar: () => multihopGrammar(),
    formatSpec: formatMultihopSpec,
    parseSpec: parseMultihopSpec,
    family: familyOf,
    features: multihopFeatures,
    render: renderMultihop,
    interactive: multihopInteraction,
  }),
});
