/**
 * The clauses world as a Domain: the agent finds the person a request describes and acts on them, the ladder's two
 * calls, but the task type is the request's composition, an ordered sequence of clauses in the simulator's grammar,
 * and the world declares no difficulty knobs. What makes a composition hard (how many attributes must be copied,
 * which values a later clause replaces, a value ruled out beside one given for the same attribute, their order) is
 * left for a curriculum to find. Verified by matching the agent's calls against the gold calls.
 */
import { GenEnvError } from '../../interfaces/errors.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { type DomainFactory, defineDomain } from '../define-domain.ts';
import { scoreLadder } from '../ladder/score.ts';
import { formatClausesSpec, parseClausesSpec } from './compact-spec.ts';
import { buildSeeds, CLAUSES_FAMILY, heldOutDraw } from './datasets.ts';
import { drawFromGrammar } from './draws.ts';
import { clausesGrammar } from './grammar.ts';
import { renderClauses } from './render.ts';
import { type ClausesSpec, ClausesSpecSchema, clausesSpecSchema, maxClausesOf, partCounts } from './spec.ts';
import { ClausesOptionsSchema } from './options.ts';
import { buildVariation, type ClausesPayload } from './variation.ts';

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
          `domain.options.${name}.clauses reaches ${range.clauses[1]}, above the ${maxClauses} of width ${width}`,
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
