/**
 * The travel-planning world as a Domain: TravelPlanner-style trips in a generated sandbox, each proven feasible by
 * the solver, answered in one response (sole planning: the reference information is in the prompt) and scored by
 * TravelPlanner's own checks (shared with the benchmark).
 */
import type { z } from 'zod';
import type { TaskInstance } from '../../interfaces/task.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { sizedHeldOutDraw } from '../held-out-sets.ts';
import { TravelOptionsSchema } from './options.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { formatTravelSpec, parseTravelSpec } from './compact-spec.ts';
import { buildSeeds, drawSpec, HELD_OUT, type SpecDistribution, travelFamily } from './datasets.ts';
import { travelFeatures } from './features.ts';
import { travelGrammar } from './grammar.ts';
import { TRAVEL_KNOBS, travelKnobValuesOf, travelSpecFromKnobs } from './knobs.ts';
import { renderTravel } from './render.ts';
import { scoreTravel } from './score.ts';
import { TravelSpecSchema, type TravelSpec } from './spec.ts';
import { buildVariation, type TravelPayload } from './variation.ts';
import { createTravelWorld } from './world.ts';

/** The travel domain. Throws GenEnvError('config') on bad options. */
export const createTravel: DomainFactory<TravelSpec, TravelPayload, z.input<typeof TravelOptionsSchema>> = defineDomain(
  {
    name: 'travel',
    options: TravelOptionsSchema,
    world: ({ seedTasks, heldOutSize, worldSeed, reward }) => {
      const world = createTravelWorld(worldSeed);
      const drawInWorld = (distribution: SpecDistribution, random: Random) => drawSpec(distribution, world, random);
      return {
        version: '1',
        specSchema: TravelSpecSchema,
        knobs: TRAVEL_KNOBS,
        specFromKnobs: travelSpecFromKnobs,
        knobValuesOf: travelKnobValuesOf,
        variation: (spec, seed, index) => {
          const id = `tr-${stableId({ spec, seed, index })}`;
          const random = new Random(deriveSeed(seed, 'travel-variation', stableId(spec), index));
          const built = buildVariation(world, spec, random, id);
          if (!built.ok) return { ok: false, reason: built.reason };
          const instance: TaskInstance<TravelPayload> = {
            id,
            family: travelFamily(spec),
            features: travelFeatures(spec),
            payload: built.value,
          };
          return { ok: true, instance };
        },
        seeds: () => buildSeeds(seedTasks, world),
        heldOut: sizedHeldOutDraw(HELD_OUT, drawInWorld, heldOutSize, world.seed),
        grammar: () => travelGrammar(),
        formatSpec: formatTravelSpec,
        parseSpec: parseTravelSpec,
        family: travelFamily,
        features: travelFeatures,
        render: renderTravel,
        score: (instance, completion) => scoreTravel(instance.payload, completion, world.database, reward),
      };
    },
  },
);
