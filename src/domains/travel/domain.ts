/**
 * The travel-planning world as a Domain: TravelPlanner-style trips in a generated sandbox, each proven feasible by
 * the solver, answered in one response (sole planning: the reference information is in the prompt) and scored by
 * TravelPlanner's own checks (shared with the benchmark).
 */
import type { z } from 'zod';
import type { Domain } from '../../interfaces/domain.ts';
import type { InstantiateResult, TaskInstance } from '../../interfaces/task.ts';
import { keptDomainData, parseDomainOptions } from '../domain-scaffold.ts';
import { instantiateVariations } from '../variations.ts';
import { worldOptionsSchema } from '../world-options.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { formatTravelSpec, parseTravelSpec } from './compact-spec.ts';
import { buildHeldOutSets, buildSeeds, travelFamily } from './datasets.ts';
import { travelFeatures } from './features.ts';
import { travelGrammar } from './grammar.ts';
import { TRAVEL_KNOBS, travelKnobValuesOf, travelSpecFromKnobs } from './knobs.ts';
import { renderTravel } from './render.ts';
import { scoreTravel } from './score.ts';
import { TravelSpecSchema, type TravelSpec } from './spec.ts';
import { buildVariation, type TravelPayload } from './variation.ts';
import { createTravelWorld } from './world.ts';

export const TravelOptionsSchema = worldOptionsSchema({
  seedTasks: 400,
  world: 'the generated sandbox',
  exactReward: "TravelPlanner's final pass",
  partialReward: 'the share of its 13 checks passed',
  success: 'the final pass',
});
export type TravelOptions = z.infer<typeof TravelOptionsSchema>;

/** At most this many variations per instantiate call. */
export const MAX_VARIATIONS = 1024;

/** The travel domain. Throws GenEnvError('config') on bad options. */
export function createTravel(options: Record<string, unknown> = {}): Domain<TravelSpec, TravelPayload> {
  const { seedTasks, heldOutSize, worldSeed, reward } = parseDomainOptions('travel', TravelOptionsSchema, options);
  const world = createTravelWorld(worldSeed);

  function instantiate(spec: TravelSpec, n: number, seed: number): InstantiateResult<TravelPayload> {
    return instantiateVariations(TravelSpecSchema, spec, n, MAX_VARIATIONS, (valid, index) => {
      const id = `tr-${stableId({ spec: valid, seed, index })}`;
      const random = new Random(deriveSeed(seed, 'travel-variation', stableId(valid), index));
      const built = buildVariation(world, valid, random, id);
      if (!built.ok) return { ok: false, reason: built.reason };
      const instance: TaskInstance<TravelPayload> = {
        id,
        family: travelFamily(valid),
        features: travelFeatures(valid),
        payload: built.value,
      };
      return { ok: true, instance };
    });
  }

  return {
    name: 'travel',
    version: '1',
    specSchema: TravelSpecSchema,
    knobs: TRAVEL_KNOBS,
    specFromKnobs: travelSpecFromKnobs,
    knobValuesOf: travelKnobValuesOf,
    ...keptDomainData({
      domain: 'travel',
      instantiate,
      buildSeeds: () => buildSeeds(seedTasks, world),
      buildHeldOutSets: (instantiateOne) => buildHeldOutSets(heldOutSize, world, instantiateOne),
      buildGrammar: () => travelGrammar(),
    }),
    instantiate,
    formatSpec: formatTravelSpec,
    parseSpec: parseTravelSpec,
    family: travelFamily,
    features: travelFeatures,
    render: renderTravel,
    score: (instance, completion) => scoreTravel(instance.payload, completion, world.database, reward),
  };
}
