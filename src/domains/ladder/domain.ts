/**
 * The ladder world as a Domain: a search returned several people and the agent acts on the one the request means.
 * Two integer knobs the simulator sets make it harder one rung at a time — how many people came back (2..8) and how
 * many attributes tell the meant one apart (1..6), every other person missing exactly one of them. Verified by
 * construction (exactly one person has every attribute) and by matching the agent's call against the gold call.
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
  candidatesOf,
  constraintsOf,
  type LadderSpec,
  LadderSpecSchema,
  MAX_CANDIDATES,
  MAX_CONSTRAINTS,
  MIN_CANDIDATES,
  MIN_CONSTRAINTS,
  rungOf,
} from './spec.ts';
import { buildVariation, type LadderPayload } from './variation.ts';

/** An inclusive [low, high] range of one knob. */
const knobRange = (min: number, max: number) =>
  z
    .tuple([z.number().int().min(min).max(max), z.number().int().min(min).max(max)])
    .refine(([low, high]) => low <= high, 'a range is [low, high] with low ≤ high');

const rungRange = (candidates: [number, number], constraints: [number, number], what: string) =>
  z
    .object({
      candidates: knobRange(MIN_CANDIDATES, MAX_CANDIDATES).default(candidates).describe(`candidates of ${what}`),
      constraints: knobRange(MIN_CONSTRAINTS, MAX_CONSTRAINTS).default(constraints).describe(`constraints of ${what}`),
    })
    .strict()
    .default({ candidates, constraints });

export const LadderOptionsSchema = worldOptionsSchema({
  seedTasks: 120,
  world: 'nothing (every variation draws its people from the task seed)',
  exactReward: 'the exact call',
  partialReward: 'the F1 of matched tools and arguments',
  success: 'the exact call',
}).extend({
  seedRungs: rungRange([2, 3], [1, 2], 'the seeds and test-id'),
  hardRungs: rungRange([6, 8], [4, 6], 'test-hard'),
});
export type LadderOptions = z.infer<typeof LadderOptionsSchema>;

/** At most this many variations per instantiate call. */
export const MAX_VARIATIONS = 1024;

const features = (spec: LadderSpec) => ({
  candidates: candidatesOf(spec),
  constraints: constraintsOf(spec),
  rung: rungOf(spec),
  difficulty: rungOf(spec),
});

/** The ladder domain. Throws GenEnvError('config') on bad options. */
export function createLadderWorld(options: Record<string, unknown> = {}): Domain<LadderSpec, LadderPayload> {
  const parsed = LadderOptionsSchema.safeParse(options);
  if (!parsed.success) throw new GenEnvError('config', `ladder options: ${describeZodError(parsed.error)}`);
  const { seedTasks, heldOutSize, worldSeed, reward, seedRungs, hardRungs } = parsed.data;
  const ranges: { seeds: RungRange; hard: RungRange } = { seeds: seedRungs, hard: hardRungs };
  let seedCache: SeedTask<LadderSpec>[] | undefined;
  let heldOutCache: HeldOutSet<LadderPayload>[] | undefined;
  let grammar: SpecGrammar | undefined;
  const cachedSeeds = (): SeedTask<LadderSpec>[] => (seedCache ??= buildSeeds(seedTasks, seedRungs, worldSeed));

  function instantiate(spec: LadderSpec, n: number, seed: number): InstantiateResult<LadderPayload> {
    return instantiateVariations(LadderSpecSchema, spec, n, MAX_VARIATIONS, (valid, index) => {
      const payload = buildVariation(valid, new Random(deriveSeed(seed, 'ladder-variation', stableId(valid), index)));
      const instance: TaskInstance<LadderPayload> = {
        id: `ld-${stableId({ spec: valid, seed, index })}`,
        family: LADDER_FAMILY,
        features: features(valid),
        payload,
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
