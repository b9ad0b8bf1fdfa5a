/**
 * genenv with worlds and players of the caller's own, registered once: `createGenenv({ domains, agents, simulators })`
 * gives the library's entry points bound to that registry, so that a run, its resume after a `kill -9`, a comparison
 * and a served curriculum (`serve`) all find them by the names a config gives them. The registry is a value the caller holds,
 * not a side effect of importing a module.
 */
import type { DomainFactory } from '../domains/define-domain.ts';
import type { Domain, RunConfig } from '../interfaces/index.ts';
import {
  type CoevolutionOptions,
  type CoevolutionResult,
  resolveConfig,
  resumeCoevolution,
  runCoevolution,
} from './coevolution-run.ts';
import type { ComparisonOptions } from './comparison-plan.ts';
import type { CoevolutionConfig, ExtraNames, NoExtraNames, RegistryNames } from './config-input.ts';
import type { ServeHandle, ServeOptions } from './served-run.ts';
import {
  type AgentFactory,
  checkRegistry,
  createDomain,
  domainNames,
  type PlayerRegistry,
  type SimulatorFactory,
} from './registry.ts';

/**
 * The library's entry points bound to a registry of the caller's worlds and players: their configs admit the
 * registry's names (`Extra`) beside the built-in ones.
 */
export interface Genenv<Extra extends ExtraNames = NoExtraNames> {
  /** The registry these entry points use. */
  readonly registry: Readonly<PlayerRegistry>;
  /** `runCoevolution` with the registry's worlds and players. */
  runCoevolution(
    config?: CoevolutionConfig<Extra>,
    options?: Omit<CoevolutionOptions, keyof PlayerRegistry>,
  ): Promise<CoevolutionResult>;
  /** `resumeCoevolution` with the registry's worlds and players. */
  resumeCoevolution(
    runDirectory: string,
    options?: Omit<CoevolutionOptions, 'out' | keyof PlayerRegistry> & { epochs?: number },
  ): Promise<CoevolutionResult>;
  /** `runComparison` with the registry's worlds and players; their runs go in this process. */
  runComparison(
    options: Omit<ComparisonOptions<Extra>, keyof PlayerRegistry | 'configFile'>,
  ): ReturnType<typeof import('./comparison.ts').runComparison>;
  /** `serve` with the registry's worlds and simulators. */
  serve(options?: ServeOptions<Extra>): Promise<ServeHandle>;
  /** `resolveConfig`: the config a run of `config` would store. */
  resolveConfig(config?: CoevolutionConfig<Extra>): RunConfig;
  /** The names of the built-in worlds and the registry's. */
  domainNames(): string[];
  /** A world by name, built-in or the registry's, with its options. */
  createDomain(name: string, options?: Record<string, unknown>): Promise<Domain>;
}

/**
 * The library's entry points with `registry`'s worlds and players beside the built-in ones. A name the registry
 * gives may not be one genenv already gives (a built-in world, a built-in policy kind): ConfigError.
 */
export function createGenenv<
  Domains extends Readonly<Record<string, DomainFactory>> = Record<never, never>,
  Agents extends Readonly<Record<string, AgentFactory>> = Record<never, never>,
  Simulators extends Readonly<Record<string, SimulatorFactory>> = Record<never, never>,
>(registry: {
  domains?: Domains;
  agents?: Agents;
  simulators?: Simulators;
}): Genenv<RegistryNames<Domains, Agents, Simulators>> {
  checkRegistry(registry);
  const held = { ...registry };
  return {
    registry: held,
    runCoevolution: (config = {}, options = {}) =>
      runCoevolution<Domains, Agents, Simulators>(config, { ...options, ...held }),
    resumeCoevolution: (runDirectory, options = {}) => resumeCoevolution(runDirectory, { ...options, ...held }),
    runComparison: async (options) =>
      (await import('./comparison.ts')).runComparison<Domains, Agents, Simulators>({ ...options, ...held }),
    serve: async (options = {}) => {
      const { serve } = await import('./served-run.ts');
      // The config's names were checked against this registry by Genenv's own type; serve checks them again at
      // run time against the same registry.
      const bound = { ...options, domains: held.domains, simulators: held.simulators };
      return serve(bound as unknown as Parameters<typeof serve>[0]);
    },
    resolveConfig: (config = {}) => resolveConfig<RegistryNames<Domains, Agents, Simulators>>(config),
    domainNames: () => domainNames(held),
    createDomain: (name, options = {}) => createDomain(name, options, held.domains),
  };
}
