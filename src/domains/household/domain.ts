/**
 * The household as a Domain: ALFWorld-style embodied tasks in generated scenes, run by the ALFRED text
 * engine, each with a reference plan proven by playing it in the engine. Interactive: the agent acts
 * one command per turn.
 */
import type { z } from 'zod';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { sizedHeldOutDraw } from '../held-out-sets.ts';
import type { VariationResult } from '../variations.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { buildSeeds, drawSpec, HELD_OUT } from './datasets.ts';
import { householdInteraction, renderHousehold, type HouseholdPayload } from './episode.ts';
import { buildGame, rememberGame } from './game-cache.ts';
import { householdFeatures, householdKnobValuesOf } from './knobs.ts';
import { referencePlan } from './planner.ts';
import { buildScene } from './scene-builder.ts';
import { formatHouseholdSpec, type HouseholdSpec } from './spec.ts';
import { HouseholdOptionsSchema } from './options.ts';
import { householdWidth } from './width.ts';

/** One verified instance of a spec, or why it cannot be played. */
function instantiateVariation(spec: HouseholdSpec, seed: number, index: number): VariationResult<HouseholdPayload> {
  const text = formatHouseholdSpec(spec);
  const built = buildScene(spec, new Random(deriveSeed(seed, 'household-scene', text, index)));
  const id = `hh-${stableId({ spec: text, seed, index })}`;
  const game = buildGame(built.scene, id);
  if (!game.ok) return { ok: false, reason: `scene does not load: ${game.reason}` };
  const plan = referencePlan(game.value, built, spec.task, spec.object);
  if (!plan.ok) return plan;
  rememberGame(id, { ...game.value, walkthrough: plan.value });
  return {
    ok: true,
    instance: {
      id,
      family: spec.task,
      features: { ...householdFeatures(spec), planLength: plan.value.length },
      payload: { spec: text, scene: { ...built.scene, walkthrough: plan.value }, plan: plan.value },
    },
  };
}

/** The household domain. Throws GenEnvError('config') on bad options. */
export const createHousehold: DomainFactory<
  HouseholdSpec,
  HouseholdPayload,
  z.input<typeof HouseholdOptionsSchema>
> = defineDomain({
  name: 'household',
  options: HouseholdOptionsSchema,
  world: ({ seedTasks, heldOutSize, width }) => {
    const wide = householdWidth(width);
    return {
      version: '1',
      specSchema: wide.specSchema,
      knobs: wide.knobs,
      specFromKnobs: wide.specFromKnobs,
      knobValuesOf: householdKnobValuesOf,
      // A scene is built and its plan played in the engine per variation: fewer per call than a generated world.
      variation: instantiateVariation,
      maxVariations: 256,
      seeds: () => buildSeeds(seedTasks),
      heldOut: sizedHeldOutDraw(HELD_OUT, drawSpec, heldOutSize),
      grammar: wide.grammar,
      formatSpec: formatHouseholdSpec,
      parseSpec: wide.parseSpec,
      family: (spec) => spec.task,
      features: householdFeatures,
      render: renderHousehold,
      interactive: householdInteraction,
    };
  },
});
