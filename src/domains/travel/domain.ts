/**
 * The travel-planning world as a Domain: TravelPlanner-style trips in a generated sandbox, each proven feasible by
 * the solver, answered in one response (sole planning: the reference information is in the prompt) and scored by
 * TravelPlanner's own checks (shared with the benchmark).
 */
import type { z } from 'zod';
import type { Domain, HeldOutSet } from '../../interfaces/domain.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import type { InstantiateResult, SeedTask, TaskInstance } from '../../interfaces/task.ts';
import { heldOutInstance } from '../variations.ts';
import { worldOptionsSchema } from '../world-options.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
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
  const parsedOptions = TravelOptionsSchema.safeParse(options);
  if (!parsedOptions.success)
    throw new GenEnvError('config', `travel options: ${describeZodError(parsedOptions.error)}`);
  const { seedTasks, heldOutSize, worldSeed, reward } = parsedOptions.data;
  const world = createTravelWorld(worldSeed);
  let seedCache: SeedTask<TravelSpec>[] | undefined;
  let heldOutCache: HeldOutSet<TravelPayload>[] | undefined;
  let grammar: SpecGrammar | undefined;

  function instantiate(spec: TravelSpec, n: number, seed: number): InstantiateResult<TravelPayload> {
    if (!Number.isInteger(n) || n < 1 || n > MAX_VARIATIONS)
      return { ok: false, reason: `n must be an integer in 1..${MAX_VARIATIONS}, got ${n}` };
    const checked = TravelSpecSchema.safeParse(spec);
    if (!checked.success) return { ok: false, reason: `invalid spec: ${describeZodError(checked.error)}` };
    const valid = checked.data;
    const specKey = stableId(valid);
    const features = travelFeatures(valid);
    const instances: TaskInstance<TravelPayload>[] = [];
    for (let index = 0; index < n; index++) {
      const id = `tr-${stableId({ spec: valid, seed, index })}`;
      const built = buildVariation(world, valid, new Random(deriveSeed(seed, 'travel-variation', specKey, index)), id);
      if (!built.ok) return { ok: false, reason: built.reason };
      instances.push({ id, family: travelFamily(valid), features, payload: built.value });
    }
    return { ok: true, instances };
  }

  const instantiateOne = (spec: TravelSpec, seed: number): TaskInstance<TravelPayload> =>
    heldOutInstance('travel', instantiate(spec, 1, seed));
  const cachedSeeds = (): SeedTask<TravelSpec>[] => (seedCache ??= buildSeeds(seedTasks, world));

  return {
    name: 'travel',
    version: '1',
    specSchema: TravelSpecSchema,
    knobs: TRAVEL_KNOBS,
    specFromKnobs: travelSpecFromKnobs,
    knobValuesOf: travelKnobValuesOf,
    seeds: () => cachedSeeds().map((seed) => structuredClone(seed)),
    heldOutSets: () => (heldOutCache ??= buildHeldOutSets(heldOutSize, world, instantiateOne)),
    instantiate,
    formatSpec: formatTravelSpec,
    specGrammar: () => (grammar ??= travelGrammar()),
    parseSpec: parseTravelSpec,
    family: travelFamily,
    features: travelFeatures,
    render: renderTravel,
    score: (instance, completion) => scoreTravel(instance.payload, completion, world.database, reward),
  };
}
