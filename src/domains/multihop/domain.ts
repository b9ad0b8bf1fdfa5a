/**
 * Multi-hop question answering with search as a Domain: compositional questions over a generated
 * fictional world, answered by searching its documents turn by turn, each with a reference plan proven
 * by playing it. Interactive: the agent searches or answers once per turn.
 */
import type { Domain } from '../../interfaces/domain.ts';
import { episodeActions, replayEpisode } from '../../interfaces/interaction.ts';
import { instantiateVariations } from '../variations.ts';
import type { InstantiateResult } from '../../interfaces/task.ts';
import { keptDomainData, parseDomainOptions } from '../domain-scaffold.ts';
import { datasetOptionsSchema } from '../world-options.ts';
import { buildHeldOutSets, buildSeeds } from './datasets.ts';
import { type MultihopPayload, multihopInteraction, renderMultihop } from './episode.ts';
import { multihopGrammar } from './grammar.ts';
import { instantiateVariation } from './instantiate.ts';
import { MULTIHOP_KNOBS, multihopFeatures, multihopKnobValuesOf, multihopSpecFromKnobs } from './knobs.ts';
import { MultihopSpecSchema, type MultihopSpec, familyOf, formatMultihopSpec, parseMultihopSpec } from './spec.ts';

export const MultihopOptionsSchema = datasetOptionsSchema({ seedTasks: 120, heldOutSize: 100, maxHeldOutSize: 2000 });

export const MAX_VARIATIONS = 256;

/** The multihop domain. Throws GenEnvError('config') on bad options. */
export function createMultihop(options: Record<string, unknown> = {}): Domain<MultihopSpec, MultihopPayload> {
  const { seedTasks, heldOutSize } = parseDomainOptions('multihop', MultihopOptionsSchema, options);

  function instantiate(spec: MultihopSpec, n: number, seed: number): InstantiateResult<MultihopPayload> {
    return instantiateVariations(MultihopSpecSchema, spec, n, MAX_VARIATIONS, (valid, index) =>
      instantiateVariation(valid, seed, index),
    );
  }

  return {
    name: 'multihop',
    version: '1',
    specSchema: MultihopSpecSchema,
    knobs: MULTIHOP_KNOBS,
    specFromKnobs: multihopSpecFromKnobs,
    knobValuesOf: multihopKnobValuesOf,
    ...keptDomainData({
      domain: 'multihop',
      instantiate,
      buildSeeds: () => buildSeeds(seedTasks),
      buildHeldOutSets: (instantiateOne) => buildHeldOutSets(heldOutSize, instantiateOne),
      buildGrammar: () => multihopGrammar(),
    }),
    instantiate,
    formatSpec: formatMultihopSpec,
    parseSpec: parseMultihopSpec,
    family: familyOf,
    features: multihopFeatures,
    render: renderMultihop,
    score: (instance, completion) => replayEpisode(multihopInteraction, instance, episodeActions(completion)).verdict,
    interactive: multihopInteraction,
  };
}
