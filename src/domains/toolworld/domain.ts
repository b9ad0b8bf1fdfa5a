/**
 * The tool-use world as a Domain: executable tool-calling tasks (API-Bank / BFCL style) verified by
 * running the gold calls against a seeded in-memory world.
 */
import type { z } from 'zod';
import type { Domain, HeldOutSet } from '../../interfaces/domain.ts';
import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { InstantiateResult, SeedTask, TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { formatToolWorldSpec, parseToolWorldSpec } from './compact-spec.ts';
import { buildHeldOutSets, buildSeeds } from './datasets.ts';
import { toolWorldFeatures } from './features.ts';
import { toolWorldGrammar } from './grammar.ts';
import { intentById } from './intents.ts';
import { TOOLWORLD_KNOBS, toolWorldKnobValuesOf, toolWorldSpecFromKnobs } from './knobs.ts';
import { renderToolWorld } from './render.ts';
import { scoreToolWorld } from './score.ts';
import { ToolWorldSpecSchema, type ToolWorldSpec } from './spec.ts';
import { heldOutInstance } from '../variations.ts';
import { worldOptionsSchema } from '../world-options.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { buildVariation, type ToolWorldPayload } from './variation.ts';
import { createWorld } from './world.ts';

export const ToolWorldOptionsSchema = worldOptionsSchema({
  seedTasks: 500,
  world: 'the in-memory world',
  exactReward: 'the exact call sequence',
  partialReward: 'the F1 of matched call names and argument values',
  success: 'the exact match',
});
export type ToolWorldOptions = z.infer<typeof ToolWorldOptionsSchema>;

/** At most this many variations per instantiate call. */
export const MAX_VARIATIONS = 1024;

/** The tool-use domain. Throws GenEnvError('config') on bad options. */
export function createToolWorld(options: Record<string, unknown> = {}): Domain<ToolWorldSpec, ToolWorldPayload> {
  const parsedOptions = ToolWorldOptionsSchema.safeParse(options);
  if (!parsedOptions.success)
    throw new GenEnvError('config', `toolworld options: ${describeZodError(parsedOptions.error)}`);
  const { seedTasks, heldOutSize, worldSeed, reward } = parsedOptions.data;
  const world = createWorld(worldSeed);
  let seedCache: SeedTask<ToolWorldSpec>[] | undefined;
  let heldOutCache: HeldOutSet<ToolWorldPayload>[] | undefined;
  const cachedSeeds = (): SeedTask<ToolWorldSpec>[] => (seedCache ??= buildSeeds(seedTasks, world));

  const features = (spec: ToolWorldSpec) => toolWorldFeatures(spec, world);
  const family = (spec: ToolWorldSpec): string => {
    const item = intentById(spec.intent);
    if (!item) throw new GenEnvError('domain', `toolworld: unknown intent ${JSON.stringify(spec.intent)}`);
    return item.family;
  };

  function instantiate(spec: ToolWorldSpec, n: number, seed: number): InstantiateResult<ToolWorldPayload> {
    if (!Number.isInteger(n) || n < 1 || n > MAX_VARIATIONS)
      return { ok: false, reason: `n must be an integer in 1..${MAX_VARIATIONS}, got ${n}` };
    const checked = ToolWorldSpecSchema.safeParse(spec);
    if (!checked.success) return { ok: false, reason: `invalid spec: ${describeZodError(checked.error)}` };
    // Slot order is not meaning: sort it so that equal specs give equal tasks and ids.
    const valid: ToolWorldSpec = {
      ...checked.data,
      slots: Object.fromEntries(Object.entries(checked.data.slots).sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    const specKey = stableId(valid);
    const specFeatures = features(valid);
    const instances: TaskInstance<ToolWorldPayload>[] = [];
    for (let index = 0; index < n; index++) {
      const built = buildVariation(valid, world, new Random(deriveSeed(seed, 'toolworld-variation', specKey, index)));
      if (!built.ok) return { ok: false, reason: built.reason };
      instances.push({
        id: `tw-${stableId({ spec: valid, seed, index })}`,
        family: family(valid),
        features: { ...specFeatures, descriptionLength: built.value.request.length },
        payload: built.value,
      });
    }
    return { ok: true, instances };
  }

  const instantiateOne = (spec: ToolWorldSpec, seed: number): TaskInstance<ToolWorldPayload> =>
    heldOutInstance('toolworld', instantiate(spec, 1, seed));

  let grammar: SpecGrammar | undefined;
  return {
    name: 'toolworld',
    version: '1',
    specSchema: ToolWorldSpecSchema,
    knobs: TOOLWORLD_KNOBS,
    specFromKnobs: toolWorldSpecFromKnobs,
    knobValuesOf: toolWorldKnobValuesOf,
    seeds: () => cachedSeeds().map((seed) => structuredClone(seed)),
    heldOutSets: () => (heldOutCache ??= buildHeldOutSets(heldOutSize, worldSeed, world, instantiateOne)),
    instantiate,
    formatSpec: formatToolWorldSpec,
    specGrammar: () =>
      (grammar ??= toolWorldGrammar(
        instantiate,
        cachedSeeds().map((seed) => seed.spec),
      )),
    parseSpec: parseToolWorldSpec,
    family,
    features,
    render: renderToolWorld,
    score: (instance, completion) => scoreToolWorld(instance.payload, completion, reward),
  };
}
