/**
 * genenv with worlds and players of the caller's own, registered once: `createGenenv({ domains, agents, simulators })`
 * gives the library's entry points bound to that registry, so that a run, its resume after a `kill -9`, a comparison
 * and a served curriculum (`serve`) all find them by the names a config gives them. The registry is a value the caller holds,
 * not a side effect of importing a module.
 */
import type { Domain } from '../interfaces/index.ts';
import {
  type CoevolutionConfig,
  type CoevolutionOptions,
  type CoevolutionResult,
  resolveConfig,
  resumeCoevolution,
  runCoevolution,
} from './coevolution-run.ts';
import type { ComparisonOptions } from './comparison-plan.ts';
import type { ServeHandle, ServeOptions } from './served-run.ts';
import { checkRegistry, createDomain, domainNames, type PlayerRegistry } from './registry.ts';

/** The library's entry points bound to a registry of the caller's worlds and players. */
export interface Genenv {
  /** The registry these entry points use. */
  readonly registry: Readonly<PlayerRegistry>;
  /** `runCoevolution` with the registry's worlds and players. */
  runCoevolution(
    config?: CoevolutionConfig,
    options?: Omit<CoevolutionOptions, keyof PlayerRegistry>,
  ): Promise<CoevolutionResult>;
  /** `resumeCoevolution` with the registry's worlds and players. */
  resumeCoevolution(
    runDirectory: string,
    options?: Omit<CoevolutionOptions, 'out' | keyof PlayerRegistry> & { epochs?: number },
  ): Promise<CoevolutionResult>;
  /** `runComparison` with the registry's worlds and players; their runs go in this process. */
  runComparison(
    options: Omit<ComparisonOptions, keyof PlayerRegistry | 'configFile'>,
  ): ReturnType<typeof import('./comparison.ts').runComparison>;
  /** `serve` with the registry's worlds and simulators. */
  serve(options?: ServeOptions): Promise<ServeHandle>;
  /** `resolveConfig`: the config a run of `config` would store. */
  resolveConfig: typeof resolveConfig;
  /** The names of the built-in worlds and the registry's. */
  domainNames(): string[];
  /** A world by name, built-in or the registry's, with its options. */
  createDomain(name: string, options?: Record<string, unknown>): Promise<Domain>;
}

/**
 * The library's entry points with `registry`'s worlds and players beside the built-in ones. A name the registry
 * gives may not be one genenv already gives (a built-in world, a built-in policy kind): ConfigError.
 */
export function createGenenv(registry: PlayerRegistry): Genenv {
  checkRegistry(registry);
  const held: PlayerRegistry = { ...registry };
  return {
    registry: held,
    runCoevolution: (config = {}, options = {}) => runCoevolution(config, { ...options, ...held }),
    resumeCoevolution: (runDirectory, options = {}) => resumeCoevolution(runDirectory, { ...options, ...held }),
    runComparison: async (options) =>
      (await import('./comparison.ts')).runComparison({ ...options, ...held, quiet: options.quiet ?? true }),
    serve: async (options = {}) =>
      (await import('./served-run.ts')).serve({ ...options, domains: held.domains, simulators: held.simulators }),
    resolveConfig,
    domainNames: () => domainNames(held),
    createDomain: (name, options = {}) => createDomain(name, options, held.domains),
  };
}
