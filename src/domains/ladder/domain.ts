/**
 * The ladder world as a Domain: chains of tool calls whose values flow from one call to the next, with two integer
 * difficulty knobs the simulator sets — the depth of the chain (1..8 lookups) and the constraints of its first call
 * (0..6 search attributes). Verified by executing the gold chain in a seeded directory and matching the agent's
 * calls against it.
 */
import { z } from 'zod';
import type { Domain, HeldOutSet } from '../../interfaces/domain.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { SpecGrammar } from '../../interfaces/spec-grammar.ts';
import type { InstantiateResult, SeedTask, TaskInstance } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { heldOutInstance, instantiateVariations } from '../variations.ts';
import { worldOptionsSchema } from '../world-options.ts';
import { formatLadderSpec, parseLadderSpec } from './compact-spec.ts';
import { buildHeldOutSets, buildSeeds, LADDER_FAMILY, type RungRange } from './datasets.ts';
import { ladderGrammar } from './grammar.ts';
import { LADDER_KNOBS, ladderKnobValuesOf, ladderSpecFromKnobs } from './knobs.ts';
import { renderLadder } from './render.ts';
import { scoreLadder } from './score.ts';
import {
  constraintsOf,
  depthOf,
  type LadderSpec,
  LadderSpecSchema,
  MAX_CONSTRAINTS,
  MAX_DEPTH,
  rungOf,
} from './spec.ts';
import { buildVariation, type LadderPayload } from './variation.ts';
import { createWorld } from './world.ts';

/** An inclusive [low, high] range of one knob. */
const knobRange = (max: number, min: number) =>
  z
    .tuple([z.number().int().min(min).max(max), z.number().int().min(min).max(max)])
    .refine(([low, high]) => low <= high, 'a range is [low, high] with low ≤ high');

const rungRange = (depth: [number, number], constraints: [number, number], what: string) =>
  z
    .object({
      depth: knobRange(MAX_DEPTH, 1).default(depth).describe(`depth range of ${what}`),
      constraints: knobRange(MAX_CONSTRAINTS, 0).default(constraints).describe(`constraints range of ${what}`),
    })
    .strict()
    .default({ depth, constraints });

export const LadderOptionsSchema = worldOptionsSchema({
  seedTasks: 120,
  world: 'the directory',
  exactReward: 'the exact chain of calls',
  partialReward: 'the F1 of matched tools and arguments',
  success: 'the exact chain',
}).extend({
  seedRungs: rungRange([1, 2], [0, 1], 'the seeds and test-id'),
  hardRungs: rungRange([4, 6], [2, 4], 'test-hard'),
});
export type LadderOptions = z.infer<typeof LadderOptionsSchema>;

/** At most this many variations per instantiate call. */
export const MAX_VARIATIONS = 1024;

const features = (spec: LadderSpec) => ({
  depth: depthOf(spec),
  constraints: constraintsOf(spec),
  rung: rungOf(spec),
  difficulty: rungOf(spec),
});

/** The ladder domain. Throws GenEnvError('config') on bad options. */
export function createLadderWorld(options: Record<string, unknown> = {}): Domain<LadderSpec, LadderPayload> {
  const parsed = LadderOptionsSchema.safeParse(options);
  if (!parsed.success) throw new GenEnvError('config', `ladder options: ${describeZodError(parsed.error)}`);
  const { seedTasks, heldOutSize, worldSeed, reward, seedRungs, hardRungs } = parsed.data;
  const world = createWorld(worldSeed);
  const ranges: { seeds: RungRange; hard: RungRange } = { seeds: seedRungs, hard: hardRungs };
  let seedCache: SeedTask<LadderSpec>[] | undefined;
  let heldOutCache: HeldOutSet<LadderPayload>[] | undefined;
  let grammar: SpecGrammar | undefined;
  const cachedSeeds = (): SeedTask<LadderSpec>[] => (seedCache ??= buildSeeds(seedTasks, seedRungs, worldSeed));

  function instantiate(spec: LadderSpec, n: number, seed: number): InstantiateResult<LadderPayload> {
    return instantiateVariations(LadderSpecSchema, spec, n, MAX_VARIATIONS, (valid, index) => {
      const built = buildVariation(
        valid,
        world,
        new Random(deriveSeed(seed, 'ladder-variation', stableId(valid), index)),
      );
      if (!built.ok) return built;
      const instance: TaskInstance<LadderPayload> = {
        id: `ld-${stableId({ spec: valid, seed, index })}`,
        family: LADDER_FAMILY,
        features: features(valid),
        payload: built.value,
      };
      return { ok: true, instance };
    });
  }

  return {
    name: 'ladder',
    version: '1',
    specSchema: LadderSpecSchema,
    knobs: LADDER_KNOBS,
    specFromKnobs: ladderSpecFromKnobs,
    knobValuesOf: ladderKnobValuesOf,
    seeds: () => cachedSeeds().map((seed) => structuredClone(seed)),
    heldOutSets: () =>
      (heldOutCache ??= buildHeldOutSets(heldOutSize, worldSeed, ranges, (spec, seed) =>
        heldOutInstance('ladder', instantiate(spec, 1, seed)),
      )),
    instantiate,
    formatSpec: formatLadderSpec,
    specGrammar: () => (grammar ??= ladderGrammar()),
    parseSpec: parseLadderSpec,
    family: () => LADDER_FAMILY,
    features,
    render: renderLadder,
    score: (instance, completion) => scoreLadder(instance.payload, completion, reward),
  };
}
