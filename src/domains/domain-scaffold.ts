/**
 * What every domain factory shares around its own tasks: its options parsed by its schema (a bad option is one config
 * error naming the domain), and its seeds, held-out sets and spec grammar built once, on first use, then kept. Each
 * domain brings how to build them; the scaffold decides when, and that callers get copies of the seeds.
 */
import type { z } from 'zod';
import type { Domain, HeldOutSet } from '../interfaces/domain.ts';
import { GenEnvError } from '../interfaces/errors.ts';
import type { SpecGrammar } from '../interfaces/spec-grammar.ts';
import type { InstantiateResult, SeedTask, TaskInstance } from '../interfaces/task.ts';
import { describeZodError } from '../interfaces/zod-error.ts';
import { heldOutInstance } from './variations.ts';

/** A domain's options parsed by its schema; a bad one throws GenEnvError('config') `<domain> options: <first issue>`. */
export function parseDomainOptions<Schema extends z.ZodType>(
  domain: string,
  schema: Schema,
  options: Record<string, unknown>,
): z.output<Schema> {
  const parsed = schema.safeParse(options);
  if (!parsed.success) throw new GenEnvError('config', `${domain} options: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** How one domain builds its fixed data; each builder runs at most once. */
export interface DomainDataBuilders<Spec, Payload> {
  /** The domain's name, for the error a failing held-out spec raises. */
  domain: string;
  instantiate: (spec: Spec, n: number, seed: number) => InstantiateResult<Payload>;
  buildSeeds: () => SeedTask<Spec>[];
  /** The held-out sets, each spec's instance made by `instantiateOne` (which throws when a fixed spec fails). */
  buildHeldOutSets: (instantiateOne: (spec: Spec, seed: number) => TaskInstance<Payload>) => HeldOutSet<Payload>[];
  /** The spec grammar; `seeds` are the kept seeds themselves, to read, not to change. */
  buildGrammar: (seeds: readonly SeedTask<Spec>[]) => SpecGrammar;
}

/**
 * The `seeds`, `heldOutSets` and `specGrammar` of a Domain, each built on first call and kept: seeds and held-out
 * sets are functions of the domain's options alone, and building them (a world, a solver, a scene engine) is the
 * slow part of a domain. `seeds()` returns copies, because a caller may edit the specs it gets.
 */
export function keptDomainData<Spec, Payload>(
  builders: DomainDataBuilders<Spec, Payload>,
): Required<Pick<Domain<Spec, Payload>, 'seeds' | 'heldOutSets' | 'specGrammar'>> {
  let seeds: SeedTask<Spec>[] | undefined;
  let heldOutSets: HeldOutSet<Payload>[] | undefined;
  let grammar: SpecGrammar | undefined;
  const keptSeeds = () => (seeds ??= builders.buildSeeds());
  const instantiateOne = (spec: Spec, seed: number): TaskInstance<Payload> =>
    heldOutInstance(builders.domain, builders.instantiate(spec, 1, seed));
  return {
    seeds: () => keptSeeds().map((seed) => structuredClone(seed)),
    heldOutSets: () => (heldOutSets ??= builders.buildHeldOutSets(instantiateOne)),
    specGrammar: () => (grammar ??= builders.buildGrammar(keptSeeds())),
  };
}
