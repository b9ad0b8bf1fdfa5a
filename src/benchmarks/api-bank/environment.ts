/** The execution environment of the ported APIs: lazily copied databases and the offline services. */
import { Random } from '../../util/random.ts';
import type { ApiContext, Databases, OfflineServices } from './api-types.ts';
import { serviceKey } from './apis/information-apis.ts';
import { createToolSearch } from './apis/tool-searcher.ts';
import { translationKey } from './apis/translate.ts';
import type { ApiBankData } from './dataset.ts';
import { PythonError } from './python-values.ts';

export interface ApiEnvironment {
  initialDatabases: Record<string, unknown>;
  services: OfflineServices;
}

/**
 * Databases copied on first use: the official evaluator reloads every database for every call, and
 * copying the 2.5 MB image-caption table for calls that never read it would dominate the run time.
 */
function lazyDatabases(initial: Record<string, unknown>, touched: Record<string, unknown>): Databases {
  return new Proxy(touched, {
    get(target, name) {
      if (typeof name === 'string' && !(name in target) && name in initial)
        target[name] = structuredClone(initial[name]);
      return target[name as string];
    },
  });
}

/** A fresh session over the initial databases, as the official evaluator gives every call. */
export function freshContext(environment: ApiEnvironment, seed: number): ApiContext {
  return {
    databases: lazyDatabases(environment.initialDatabases, {}),
    sessionState: {},
    services: environment.services,
    random: new Random(seed),
  };
}

/** An independent copy of a session (state changed by replayed calls included); `seed` restarts its random stream. */
export function copyContext(environment: ApiEnvironment, context: ApiContext, seed: number): ApiContext {
  const touched: Record<string, unknown> = {};
  for (const name of Object.keys(context.databases)) touched[name] = structuredClone(context.databases[name]);
  return {
    databases: lazyDatabases(environment.initialDatabases, touched),
    sessionState: structuredClone(context.sessionState),
    services: context.services,
    random: new Random(seed),
  };
}

/** Builds the environment: initial databases, recorded Dictionary/Translate answers, ToolSearcher substitute. */
export function createEnvironment(data: ApiBankData): ApiEnvironment {
  const recorded = new Map<string, unknown>();
  for (const turn of data.recordedTurns) {
    if (turn.result.exception !== null) continue;
    const parameters = turn.param_dict;
    if (turn.api_name === 'Dictionary' && typeof parameters.keyword === 'string') {
      recorded.set(
        serviceKey('Dictionary', [parameters.keyword.replaceAll('_', ' ').trim().toLowerCase()]),
        turn.result.output,
      );
    }
    if (turn.api_name === 'Translate') {
      try {
        recorded.set(translationKey(parameters.src, parameters.src_lang, parameters.tgt_lang), turn.result.output);
      } catch (error) {
        if (!(error instanceof PythonError)) throw error;
      }
    }
  }
  return {
    initialDatabases: data.initialDatabases,
    services: { recorded, searchTools: createToolSearch(data.descriptions) },
  };
}
