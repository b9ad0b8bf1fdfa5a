/**
 * The tool-use world as a Domain: executable tool-calling tasks (API-Bank / BFCL style) verified by
 * running the gold calls against a seeded in-memory world.
 */
import type { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { formatToolWorldSpec, parseToolWorldSpec } from './compact-spec.ts';
import { buildSeeds, drawSpec, HELD_OUT, type SpecDistribution } from './datasets.ts';
import { toolWorldFeatures } from './features.ts';
import { toolWorldGrammar } from './grammar.ts';
import { intentById } from './intents.ts';
import { TOOLWORLD_KNOBS, toolWorldKnobValuesOf, toolWorldSpecFromKnobs } from './knobs.ts';
import { renderToolWorld } from './render.ts';
import { scoreToolWorld } from './score.ts';
import { ToolWorldSpecSchema, type ToolWorldSpec } from './spec.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { sizedHeldOutDraw } from '../held-out-sets.ts';
import { ToolWorldOptionsSchema } from './options.ts';
import { buildVariation, type ToolWorldPayload } from './variation.ts';
import { createWorld } from './world.ts';

/** The tool-use domain. Throws GenEnvError('config') on bad options. */
export const createToolWorld: DomainFactory<
  ToolWorldSpec,
  ToolWorldPayload,
  z.input<typeof ToolWorldOptionsSchema>
> = defineDomain({
  name: 'toolworld',
  options: ToolWorldOptionsSchema,
  world: ({ seedTasks, heldOutSize, worldSeed, reward }) => {
    const world = createWorld(worldSeed);
    const features = (spec: ToolWorldSpec) => toolWorldFeatures(spec, world);
    const drawInWorld = (distribution: SpecDistribution, random: Random) => drawSpec(distribution, world, random);
    const family = (spec: ToolWorldSpec): string => {
      const item = intentById(spec.intent);
      if (!item) throw new GenEnvError('domain', `toolworld: unknown intent ${JSON.stringify(spec.intent)}`);
      return item.family;
    };
    return {
      version: '1',
      specSchema: ToolWorldSpecSchema,
      knobs: TOOLWORLD_KNOBS,
      specFromKnobs: toolWorldSpecFromKnobs,
      knobValuesOf: toolWorldKnobValuesOf,
      variation: (checked, seed, index) => {
        // Slot order is not meaning: sort it so that equal specs give equal tasks and ids.
        const valid: ToolWorldSpec = {
          ...checked,
          slots: Object.fromEntries(Object.entries(checked.slots).sort(([a], [b]) => (a < b ? -1 : 1))),
        };
        const random = new Random(deriveSeed(seed, 'toolworld-variation', stableId(valid), index));
        const built = buildVariation(valid, world, random);
        if (!built.ok) return { ok: false, reason: built.reason };
        const instance: TaskInstance<ToolWorldPayload> = {
          id: `tw-${stableId({ spec: valid, seed, index })}`,
          family: family(valid),
          features: { ...features(valid), descriptionLength: built.value.request.length },
          payload: built.value,
        };
        return { ok: true, instance };
      },
      seeds: () => buildSeeds(seedTasks, world),
      heldOut: sizedHeldOutDraw(HELD_OUT, drawInWorld, heldOutSize, worldSeed),
      grammar: (seeds, instantiate) =>
        toolWorldGrammar(
          instantiate,
          seeds.map((seed) => seed.spec),
        ),
      formatSpec: formatToolWorldSpec,
      parseSpec: parseToolWorldSpec,
      family,
      features,
      render: renderToolWorld,
      score: (instance, completion) => scoreToolWorld(instance.payload, completion, reward),
    };
  },
});
