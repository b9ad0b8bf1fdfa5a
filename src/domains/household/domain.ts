/**
 * The household as a Domain: ALFWorld-style embodied tasks in generated scenes, run by the ALFRED text
 * engine, each with a reference plan proven by playing it in the engine. Interactive: the agent acts
 * one command per turn.
 */
import type { Domain } from '../../interfaces/domain.ts';
import { instantiateVariations } from '../variations.ts';
import { keptDomainData, parseDomainOptions } from '../domain-scaffold.ts';
import { datasetOptionsSchema } from '../world-options.ts';
import { episodeActions, replayEpisode } from '../../interfaces/interaction.ts';
import type { InstantiateResult, TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { buildHeldOutSets, buildSeeds } from './datasets.ts';
import { householdInteraction, renderHousehold, type HouseholdPayload } from './episode.ts';
import { buildGame, rememberGame } from './game-cache.ts';
import { householdFeatures, householdKnobValuesOf } from './knobs.ts';
import { referencePlan } from './planner.ts';
import { buildScene } from './scene-builder.ts';
import { formatHouseholdSpec, type HouseholdSpec } from './spec.ts';
import { householdWidth, householdWidthOption } from './width.ts';

export const HouseholdOptionsSchema = datasetOptionsSchema({
  seedTasks: 120,
  heldOutSize: 100,
  maxHeldOutSize: 2000,
}).extend({ width: householdWidthOption });

export const MAX_VARIATIONS = 256;

/** One verified instance of a spec, or why it cannot be played. */
function instantiateVariation(
  spec: HouseholdSpec,
  seed: number,
  index: number,
): { ok: true; instance: TaskInstance<HouseholdPayload> } | { ok: false; reason: string } {
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
export function createHousehold(options: Record<string, unknown> = {}): Domain<HouseholdSpec, HouseholdPayload> {
  const { seedTasks, heldOutSize, width } = parseDomainOptions('household', HouseholdOptionsSchema, options);
  const wide = householdWidth(width);

  function instantiate(spec: HouseholdSpec, n: number, seed: number): InstantiateResult<HouseholdPayload> {
    return instantiateVariations(wide.specSchema, spec, n, MAX_VARIATIONS, (valid, index) =>
      instantiateVariation(valid, seed, index),
    );
  }

  return {
    name: 'household',
    version: '1',
    specSchema: wide.specSchema,
    knobs: wide.knobs,
    specFromKnobs: wide.specFromKnobs,
    knobValuesOf: householdKnobValuesOf,
    ...keptDomainData({
      domain: 'household',
      instantiate,
      buildSeeds: () => buildSeeds(seedTasks),
      buildHeldOutSets: (instantiateOne) => buildHeldOutSets(heldOutSize, instantiateOne),
      buildGrammar: wide.grammar,
    }),
    instantiate,
    formatSpec: formatHouseholdSpec,
    parseSpec: wide.parseSpec,
    family: (spec) => spec.task,
    features: householdFeatures,
    render: renderHousehold,
    score: (instance, completion) => replayEpisode(householdInteraction, instance, episodeActions(completion)).verdict,
    interactive: householdInteraction,
  };
}
