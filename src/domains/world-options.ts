/**
 * The options domains take: every generated domain, the size of its base dataset and held-out sets; a generated world
 * (toolworld, travel, ladder), also the seed of its world and how the agent is rewarded. Each domain names its own
 * defaults and words.
 */
import { z } from 'zod';

/** The sizes of a domain's base dataset and held-out sets: defaults, and the largest held-out set. */
export interface DatasetSizes {
  seedTasks: number;
  heldOutSize: number;
  maxHeldOutSize: number;
}

/** The strict zod schema of a generated domain's dataset sizes (household, multihop, and every world). */
export function datasetOptionsSchema(sizes: DatasetSizes) {
  return z
    .object({
      seedTasks: z.number().int().min(1).max(5000).default(sizes.seedTasks).describe('size of the base dataset'),
      heldOutSize: z
        .number()
        .int()
        .min(1)
        .max(sizes.maxHeldOutSize)
        .default(sizes.heldOutSize)
        .describe('instances per held-out set'),
    })
    .strict();
}

/** What differs between domains in their options' defaults and descriptions. */
export interface WorldOptionsWords {
  /** Default size of the base dataset (seed tasks). */
  seedTasks: number;
  /** What the world seed seeds, e.g. 'the in-memory world'. */
  world: string;
  /** What the exact reward is 1 for, e.g. 'the exact call sequence'. */
  exactReward: string;
  /** What the partial reward measures, e.g. 'the F1 of matched call names and argument values'. */
  partialReward: string;
  /** What success (p̂, held-out accuracy) is under both rewards, e.g. 'the exact match'. */
  success: string;
}

/** The strict zod schema of a generated world's options, with the domain's defaults and descriptions. */
export function worldOptionsSchema(words: WorldOptionsWords) {
  return datasetOptionsSchema({ seedTasks: words.seedTasks, heldOutSize: 200, maxHeldOutSize: 5000 })
    .extend({
      worldSeed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .default(1)
        .describe(`seed of ${words.world}`),
      reward: z
        .enum(['exact', 'partial'])
        .default('exact')
        .describe(
          `agent reward: 1 for ${words.exactReward} (exact), or ${words.partialReward} (partial); ` +
            `success (p̂, held-out accuracy) is ${words.success} under both`,
        ),
    })
    .strict();
}

/**
 * The `width` option of a world that can be widened: an integer from 1 (the original world) to `maximum`, default 1.
 * `what` says what it multiplies; every such world keeps its seeds, test-id and test-hard where they are.
 */
export function widthOptionSchema(maximum: number, what: string) {
  return z
    .number()
    .int()
    .min(1)
    .max(maximum)
    .default(1)
    .describe(`${what}; the seeds, test-id and test-hard stay where they are`);
}

/** An inclusive integer range [low, high] within [min, max] (a knob's or a length's), low ≤ high. */
export const integerRange = (min: number, max: number) =>
  z
    .tuple([z.number().int().min(min).max(max), z.number().int().min(min).max(max)])
    .refine(([low, high]) => low <= high, 'a range is [low, high] with low ≤ high');
