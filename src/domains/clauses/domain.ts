/**
 * The clauses world as a Domain: the agent finds the person a request describes and acts on them, the ladder's two
 * calls, but the task type is the request's composition, an ordered sequence of clauses in the simulator's grammar,
 * and the world declares no difficulty knobs. What makes a composition hard (how many attributes must be copied,
 * which values a later clause replaces, a value ruled out beside one given for the same attribute, their order) is
 * left for a curriculum to find. Verified by matching the agent's calls against the gold calls.
 */
import { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { scoreLadder } from '../ladder/score.ts';
import { widthOptionSchema, worldOptionsSchema } from '../world-options.ts';
import { formatClausesSpec, parseClausesSpec } from './compact-spec.ts';
import { buildSeeds, CLAUSES_FAMILY, heldOutDraw } from './datasets.ts';
import { drawFromGrammar } from './draws.ts';
import { clausesGrammar } from './grammar.ts';
import { renderClauses } from './render.ts';
import {
  type ClausesSpec,
  ClausesSpecSchema,
  clausesSpecSchema,
  MAX_CLAUSES,
  MAX_WIDTH,
  MIN_CLAUSES,
  maxClausesOf,
  partCounts,
} from './spec.ts';
import { buildVariation, type ClausesPayload } from './variation.ts';

/** An inclusive range of composition lengths, within the widest world's. */
const clauseRange = (clauses: [number, number], what: string) =>
  z
    .object({
      clauses: z
        .tuple([
          z
            .number()
            .int()
            .min(MIN_CLAUSES)
            .max(MAX_CLAUSES * MAX_WIDTH),
          z
            .number()
            .int()
            .min(MIN_CLAUSES)
            .max(MAX_CLAUSES * MAX_WIDTH),
        ])
        .refine(([low, high]) => low <= high, 'a range is [low, high] with low ≤ high')
        .default(clauses)
        .describe(`clauses of ${what}`),
    })
    .strict()
    .default({ clauses });

export const ClausesOptionsSchema = worldOptionsSchema({
  seedTasks: 120,
  world: 'nothing (every variation draws its person from the task seed)',
  exactReward: 'the exact calls',
  partialReward: 'the F1 of matched tools and arguments',
  success: 'the exact calls',
}).extend({
  seedClauses: clauseRange([1, 3], 'the seeds and test-id'),
  hardClauses: clauseRange([5, 6], 'test-hard'),
  width: widthOptionSchema(
    MAX_WIDTH,
    `how many times longer a composition may be than the original world's 1–${MAX_CLAUSES} clauses (the longest far ` +
      'beyond what the warm-started agent solves)',
  ),
});
export type ClausesOptions = z.infer<typeof ClausesOptionsSchema>;

/** The clauses domain. Throws GenEnvError('config') on bad options. */
export const createClausesWorld: DomainFactory<ClausesSpec, ClausesPayload> = defineDomain({
  name: 'clauses',
  options: ClausesOptionsSchema,
  world: ({ seedTasks, heldOutSize, worldSeed, reward, seedClauses, hardClauses, width }) => {
    const maxClauses = maxClausesOf(width);
    for (const [name, range] of [
      ['seedClauses', seedClauses],
      ['hardClauses', hardClauses],
    ] as const)
      if (range.clauses[1] > maxClauses)
        throw new GenEnvError(
          'config',
          `clauses options: ${name}.clauses reaches ${range.clauses[1]}, above the ${maxClauses} of width ${width}`,
        );
    const specSchema = width === 1 ? ClausesSpecSchema : clausesSpecSchema(maxClauses);
    return {
      version: '1',
      specSchema,
      // No knobs: no curriculum can read how hard a composition is from the world.
      knobs: [],
      specFromKnobs: () => ({ ok: false, reason: 'the clauses world has no difficulty knobs' }),
      drawSpec: (seed: number) => drawFromGrammar(maxClauses, new Random(seed)),
      variation: (spec, seed, index) => {
        const payload = buildVariation(spec, new Random(deriveSeed(seed, 'clauses-variation', stableId(spec), index)));
        const instance: TaskInstance<ClausesPayload> = {
          id: `cl-${stableId({ spec, seed, index })}`,
          family: CLAUSES_FAMILY,
          features: partCounts(spec),
          payload,
        };
        return { ok: true, instance };
      },
      seeds: () => buildSeeds(seedTasks, seedClauses, worldSeed),
      heldOut: heldOutDraw(heldOutSize, worldSeed, { seeds: seedClauses, hard: hardClauses }),
      grammar: () => clausesGrammar(maxClauses),
      formatSpec: formatClausesSpec,
      parseSpec: (text: string) => parseClausesSpec(text, specSchema),
      family: () => CLAUSES_FAMILY,
      features: partCounts,
      render: renderClauses,
      score: (instance, completion) => scoreLadder(instance.payload, completion, reward),
    };
  },
});
