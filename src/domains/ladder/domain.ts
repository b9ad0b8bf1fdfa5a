/**
 * The ladder world as a Domain: the agent finds the person a request describes and acts on them, two calls whose
 * value flows from the first to the second. Two integer knobs the simulator sets make it harder one rung at a time:
 * how many attributes the request gives (1..6) and how many other values it mentions only to rule them out (0..6).
 * Verified by matching the agent's calls against the gold calls.
 */
import type { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { formatLadderSpec, parseLadderSpec } from './compact-spec.ts';
import { buildSeeds, heldOutDraw, LADDER_FAMILY } from './datasets.ts';
import { ladderGrammar } from './grammar.ts';
import { LADDER_KNOBS, ladderKnobs, ladderKnobValuesOf, ladderSpecFromKnobs } from './knobs.ts';
import { LadderOptionsSchema } from './options.ts';
import { renderLadder } from './render.ts';
import { scoreLadder } from './score.ts';
import {
  constraintCount,
  distractorCount,
  type LadderSpec,
  LadderSpecSchema,
  ladderSpecSchema,
  maxDistractorsOf,
  rungOf,
} from './spec.ts';
import { buildVariation, type LadderPayload } from './variation.ts';

const features = (spec: LadderSpec) => ({
  constraints: constraintCount(spec),
  distractors: distractorCount(spec),
  rung: rungOf(spec),
  difficulty: rungOf(spec),
});

/** The ladder domain. Throws GenEnvError('config') on bad options. */
export const createLadderWorld: DomainFactory<
  LadderSpec,
  LadderPayload,
  z.input<typeof LadderOptionsSchema>
> = defineDomain({
  name: 'ladder',
  options: LadderOptionsSchema,
  world: ({ seedTasks, heldOutSize, worldSeed, reward, seedRungs, hardRungs, width }) => {
    const maxDistractors = maxDistractorsOf(width);
    for (const [name, range] of [
      ['seedRungs', seedRungs],
      ['hardRungs', hardRungs],
    ] as const)
      if (range.distractors[1] > maxDistractors)
        throw new GenEnvError(
          'config',
          `domain.options.${name}.distractors reaches ${range.distractors[1]}, above the ${maxDistractors} of width ${width}`,
        );
    // Width 1 keeps the original world's objects, so its runs and held-out sets are the same as before widths.
    const specSchema = width === 1 ? LadderSpecSchema : ladderSpecSchema(maxDistractors);
    const knobs = width === 1 ? LADDER_KNOBS : ladderKnobs(maxDistractors);
    return {
      version: '1',
      specSchema,
      knobs,
      specFromKnobs: (values: Record<string, string | number>, seed: number) =>
        ladderSpecFromKnobs(values, seed, knobs),
      knobValuesOf: ladderKnobValuesOf,
      variation: (spec, seed, index) => {
        const payload = buildVariation(spec, new Random(deriveSeed(seed, 'ladder-variation', stableId(spec), index)));
        const instance: TaskInstance<LadderPayload> = {
          id: `ld-${stableId({ spec, seed, index })}`,
          family: LADDER_FAMILY,
          features: features(spec),
          payload,
        };
        return { ok: true, instance };
      },
      seeds: () => buildSeeds(seedTasks, seedRungs, worldSeed),
      heldOut: heldOutDraw(heldOutSize, worldSeed, { seeds: seedRungs, hard: hardRungs }),
      grammar: () => ladderGrammar(maxDistractors),
      formatSpec: formatLadderSpec,
      parseSpec: (text: string) => parseLadderSpec(text, specSchema),
      family: () => LADDER_FAMILY,
      features,
      render: renderLadder,
      score: (instance, completion) => scoreLadder(instance.payload, completion, reward),
    };
  },
});
