/**
 * One way to write a task world: a definition in, a domain factory out. The definition brings what is the world's
 * own (its spec and how a text simulator writes it, how one variation is built and verified, its seeds, the draw of
 * its held-out sets, the prompt and the score); `defineDomain` does what every world shares: it parses the options by
 * their schema, builds the seeds, held-out sets and spec grammar once and keeps them, runs the variation loop under
 * its cap, and scores a multi-turn world's episodes by replaying them. The six built-in worlds are written with it,
 * and so is a user's own (docs/library.md).
 */
import { z } from 'zod';
import {
  describeZodErrorAt,
  episodeActions,
  GenEnvError,
  replayEpisode,
  unknownKeyError,
} from '../interfaces/index.ts';
import type {
  AgentPrompt,
  Completion,
  Domain,
  Features,
  HeldOutSet,
  InstantiateResult,
  InteractiveDomain,
  Knob,
  ParseResult,
  Score,
  SeedTask,
  SpecGrammar,
  TaskInstance,
} from '../interfaces/index.ts';
import { drawHeldOutSets, type HeldOutDraw } from './held-out-sets.ts';
import { completeVariation, heldOutInstance, instantiateVariations, type VariationResult } from './variations.ts';

/** Variations per instantiate call when a world names no cap of its own. */
export const DEFAULT_MAX_VARIATIONS = 1024;

/** The instance of a fixed held-out spec; throws GenEnvError('internal') when the spec fails (a bug in the world). */
export type InstantiateOne<Spec, Payload> = (spec: Spec, seed: number) => TaskInstance<Payload>;

/** How a world makes the n variations of a spec: one at a time (the usual way), or all at once. */
export type WorldVariations<Spec, Payload> =
  | {
      /**
       * The index-th (0-based) verified variation of a spec that passed `specSchema`, for `seed`; or why it cannot
       * be made. Called for index 0..n−1 in order; n is checked against `maxVariations` first. The variation gives its
       * id and payload, and its family and features only where they are not `family(spec)` and `features(spec)`.
       */
      variation(spec: NoInfer<Spec>, seed: number, index: number): VariationResult<Payload>;
      /** At most this many variations per instantiate call (default 1024). */
      maxVariations?: number;
      instantiate?: never;
    }
  | {
      /**
       * All n variations at once, for a world whose variations are not independent (arithmetic draws them all from
       * one stream); it checks the spec and n itself and never throws for bad input.
       */
      instantiate(spec: NoInfer<Spec>, n: number, seed: number): InstantiateResult<Payload>;
      variation?: never;
      maxVariations?: never;
    };

/** How a world scores an answer: its own verifier, or (multi-turn) the verdict of the episode replayed from a reset. */
export type WorldScoring<Payload> =
  | {
      /** In [0, 1], of the response alone, never the prompt; a malformed answer scores 0 and never throws. */
      score(instance: TaskInstance<Payload>, completion: Completion): Score;
      interactive?: never;
    }
  | {
      /** Episodes of reset, step and verdict; an answer (the episode's actions, one per line) is replayed to score. */
      interactive: InteractiveDomain<Payload>;
      score?: never;
    };

/** A seed task as a world lists it: its family only where it is not `family(spec)`. */
export interface WorldSeed<Spec> {
  id: string;
  spec: Spec;
  /** The seed's family, when not `family(spec)`. */
  family?: string;
}

/**
 * What every world gives, whichever way it makes variations and scores (see `Domain` for each member's contract).
 * The spec's type is read from `specSchema`, `specFromKnobs` and `parseSpec`, never from the seeds or the held-out
 * draw: a wrong spec there is one error where it is written. In a world of options (`world: ({ … }) => …`) only
 * functions written in it count, so write `specFromKnobs` or `parseSpec` there before the functions that take a spec.
 * The held-out draw's distribution is read from `drawSpec`'s parameter alone.
 */
export interface WorldParts<Spec, Payload, Distribution = unknown> {
  version: string;
  specSchema: z.ZodType<Spec>;
  knobs: readonly Knob[];
  specFromKnobs(values: Record<string, string | number>, seed: number): ParseResult<Spec>;
  knobValuesOf?(spec: NoInfer<Spec>): Record<string, string | number> | null;
  /** A task type drawn from the whole grammar with no knowledge of difficulty (`Domain.drawSpec`). */
  drawSpec?(seed: number): NoInfer<Spec>;
  formatSpec(spec: NoInfer<Spec>): string;
  parseSpec(text: string): ParseResult<Spec>;
  family(spec: NoInfer<Spec>): string;
  features(spec: NoInfer<Spec>): Features;
  render(instance: TaskInstance<Payload>): AgentPrompt;
  /** The base dataset; built on first use and kept, handed out as copies (each with its family filled in). */
  seeds(): WorldSeed<NoInfer<Spec>>[];
  /**
   * The held-out sets: a draw of `test-id` and `test-hard` (each drawn spec gets one instance from its own seed), or
   * a function that builds its own sets from `instantiateOne`. Built on first use and kept.
   */
  heldOut:
    | HeldOutDraw<NoInfer<Spec>, Distribution>
    | ((instantiateOne: InstantiateOne<NoInfer<Spec>, Payload>) => HeldOutSet<Payload>[]);
  /** The grammar of `formatSpec`'s text, for a grammar-constrained simulator; built once from the kept seeds. */
  grammar?(
    seeds: readonly SeedTask<Spec>[],
    instantiate: (spec: Spec, n: number, seed: number) => InstantiateResult<Payload>,
  ): SpecGrammar;
}

/** A world for its parsed options. */
export type WorldDefinition<Spec, Payload, Distribution = unknown> = WorldParts<Spec, Payload, Distribution> &
  WorldVariations<Spec, Payload> &
  WorldScoring<Payload>;

/** A task world: its name, the schema of its options, and the world those options make. */
export interface DomainDefinition<Spec, Payload, Distribution, Options, OptionsInput = Options> {
  /** The domain's name: the run config's `domain.name`. */
  name: string;
  /** The options' schema (defaults included); without one, the domain takes no options. */
  options?: z.ZodType<Options, OptionsInput>;
  /** The world for parsed options: a pure function of them, so the same options give the same tasks. */
  world(options: Options): WorldDefinition<Spec, Payload, Distribution>;
}

/**
 * Builds a domain from its options (a run config's `domain.options`, typed `Options` as its schema takes them); a bad
 * option throws GenEnvError('config').
 */
export type DomainFactory<Spec = unknown, Payload = unknown, Options = Record<string, unknown>> = (
  options?: Options,
) => Domain<Spec, Payload>;

/** The options a domain factory takes, as its schema's input type (`domain.options` of a run config naming it). */
export type DomainOptionsOf<Factory> = Factory extends (options?: infer Options) => Domain<infer _Spec, infer _Payload>
  ? Exclude<Options, undefined>
  : never;

/**
 * A domain's options parsed by its schema; a bad one throws GenEnvError('config') naming it where the run config holds
 * it: `domain.options.heldOutSize: Too big: …`, `domain.options.seedTask: unknown key; did you mean seedTasks?`.
 */
export function parseDomainOptions<Options>(schema: z.ZodType<Options>, options: unknown): Options {
  const parsed = schema.safeParse(options, { error: unknownKeyError });
  if (!parsed.success) throw new GenEnvError('config', describeZodErrorAt(parsed.error, 'domain.options'));
  return parsed.data;
}

/**
 * The world's instantiate: its own, or the variation loop under its cap (a spec checked by `specSchema` first), each
 * variation completed with the family and features of its spec where it does not state them.
 */
function instantiateOf<Spec, Payload, Distribution>(name: string, world: WorldDefinition<Spec, Payload, Distribution>) {
  if (world.instantiate) return world.instantiate;
  const { variation } = world;
  if (!variation) throw new GenEnvError('internal', `domain ${name} gives neither variation nor instantiate`);
  const cap = world.maxVariations ?? DEFAULT_MAX_VARIATIONS;
  const complete = (valid: Spec, made: VariationResult<Payload>) =>
    made.ok ? { ok: true as const, instance: completeVariation(valid, made.instance, world) } : made;
  return (spec: Spec, n: number, seed: number): InstantiateResult<Payload> =>
    instantiateVariations(world.specSchema, spec, n, cap, (valid, index) =>
      complete(valid, variation(valid, seed, index)),
    );
}

/**
 * The world's score: its own, or, for a multi-turn world, the verdict of replaying the completion's actions (one
 * per line) from a fresh reset.
 */
function scoreOf<Payload>(name: string, world: WorldScoring<Payload>) {
  if (world.score) return world.score;
  const { interactive } = world;
  if (!interactive) throw new GenEnvError('internal', `domain ${name} gives neither score nor interactive`);
  return (instance: TaskInstance<Payload>, completion: Completion): Score =>
    replayEpisode(interactive, instance, episodeActions(completion)).verdict;
}

/**
 * A domain factory from a definition. Each call parses its options (GenEnvError('config') on a bad one) and makes
 * the world; the domain it returns builds seeds, held-out sets and grammar on first use and keeps them (they are
 * functions of the options alone, and building them is the slow part of a world), and hands out copies of the
 * seeds, because a caller may edit the specs it gets.
 */
export function defineDomain<
  Spec,
  Payload,
  Distribution = unknown,
  Options = Record<string, never>,
  OptionsInput = Options,
>(
  definition: DomainDefinition<Spec, Payload, Distribution, Options, OptionsInput>,
): DomainFactory<Spec, Payload, OptionsInput> {
  const { name } = definition;
  const schema = definition.options ?? (z.strictObject({}) as unknown as z.ZodType<Options>);
  return (options) => {
    const world = definition.world(parseDomainOptions(schema, options ?? {}));
    const instantiate = instantiateOf(name, world);
    const instantiateOne = (spec: Spec, seed: number) => heldOutInstance(name, instantiate(spec, 1, seed));
    let seeds: SeedTask<Spec>[] | undefined;
    let heldOutSets: HeldOutSet<Payload>[] | undefined;
    let grammar: SpecGrammar | undefined;
    // A seed that states its family is kept as it is, so a world that states them stores the same seeds.
    const keptSeeds = () =>
      (seeds ??= world
        .seeds()
        .map((seed) =>
          seed.family === undefined
            ? { id: seed.id, family: world.family(seed.spec), spec: seed.spec }
            : (seed as SeedTask<Spec>),
        ));
    const { heldOut, grammar: buildGrammar } = world;
    return {
      name,
      version: world.version,
      specSchema: world.specSchema,
      knobs: world.knobs,
      specFromKnobs: world.specFromKnobs,
      ...(world.knobValuesOf ? { knobValuesOf: world.knobValuesOf } : {}),
      ...(world.drawSpec ? { drawSpec: world.drawSpec } : {}),
      seeds: () => keptSeeds().map((seed) => structuredClone(seed)),
      heldOutSets: () =>
        (heldOutSets ??=
          typeof heldOut === 'function' ? heldOut(instantiateOne) : drawHeldOutSets({ ...heldOut, instantiateOne })),
      ...(buildGrammar ? { specGrammar: () => (grammar ??= buildGrammar(keptSeeds(), instantiate)) } : {}),
      instantiate,
      formatSpec: world.formatSpec,
      parseSpec: world.parseSpec,
      family: world.family,
      features: world.features,
      render: world.render,
      score: scoreOf(name, world),
      ...(world.interactive ? { interactive: world.interactive } : {}),
    };
  };
}
