/**
 * Multi-hop question answering with search as a Domain: compositional questions over a generated
 * fictional world, answered by searching its documents turn by turn, each with a reference plan proven
 * by playing it. Interactive: the agent searches or answers once per turn.
 */
import { z } from 'zod';
import type { Domain, HeldOutSet } from '../../interfaces/domain.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { episodeActions, replayEpisode } from '../../interfaces/interaction.ts';
import { heldOutInstance, instantiateVariations } from '../variations.ts';
import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import type { InstantiateResult, SeedTask, TaskInstance } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { buildHeldOutSets, buildSeeds } from './datasets.ts';
import { type MultihopPayload, multihopInteraction, renderMultihop } from './episode.ts';
import { multihopGrammar } from './grammar.ts';
import { instantiateVariation } from './instantiate.ts';
import { MULTIHOP_KNOBS, multihopFeatures, multihopKnobValuesOf, multihopSpecFromKnobs } from './knobs.ts';
import { MultihopSpecSchema, type MultihopSpec, familyOf, formatMultihopSpec, parseMultihopSpec } from './spec.ts';

export const MultihopOptionsSchema = z
  .object({
    seedTasks: z.number().int().min(1).max(5000).default(120).describe('size of the base dataset'),
    heldOutSize: z.number().int().min(1).max(2000).default(100).describe('instances per held-out set'),
  })
  .strict();

export const MAX_VARIATIONS = 256;

/** The multihop domain. Throws GenEnvError('config') on bad options. */
export function createMultihop(options: Record<string, unknown> = {}): Domain<MultihopSpec, MultihopPayload> {
  const parsedOptions = MultihopOptionsSchema.safeParse(options);
  if (!parsedOptions.success)
    throw new GenEnvError('config', `multihop options: ${describeZodError(parsedOptions.error)}`);
  const { seedTasks, heldOutSize } = parsedOptions.data;
  let seedCache: SeedTask<MultihopSpec>[] | undefined;
  let heldOutCache: HeldOutSet<MultihopPayload>[] | undefined;
  let grammarCache: SpecGrammar | undefined;

  function instantiate(spec: MultihopSpec, n: number, seed: number): InstantiateResult<MultihopPayload> {
    return instantiateVariations(MultihopSpecSchema, spec, n, MAX_VARIATIONS, (valid, index) =>
      instantiateVariation(valid, seed, index),
    );
  }

  const instantiateOne = (spec: MultihopSpec, seed: number): TaskInstance<MultihopPayload> =>
    heldOutInstance('multihop', instantiate(spec, 1, seed));

  return {
    name: 'multihop',
    version: '1',
    specSchema: MultihopSpecSchema,
    knobs: MULTIHOP_KNOBS,
    specFromKnobs: multihopSpecFromKnobs,
    knobValuesOf: multihopKnobValuesOf,
    seeds: () => {
      seedCache ??= buildSeeds(seedTasks);
      return seedCache.map((seed) => structuredClone(seed));
    },
    heldOutSets: () => {
      heldOutCache ??= buildHeldOutSets(heldOutSize, instantiateOne);
      return heldOutCache;
    },
    instantiate,
    formatSpec: formatMultihopSpec,
    specGrammar: () => {
      grammarCache ??= multihopGrammar();
      return grammarCache;
    },
    parseSpec: parseMultihopSpec,
    family: familyOf,
    features: multihopFeatures,
    render: renderMultihop,
    score: (instance, completion) => replayEpisode(multihopInteraction, instance, episodeActions(completion)).verdict,
    interactive: multihopInteraction,
  };
}
