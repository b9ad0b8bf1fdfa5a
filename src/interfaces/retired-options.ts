/**
 * Config options that are no longer what they were: removed ones (a config naming one is told so; a stored run that
 * held one at its "off" value still reads back) and renamed ones (told the new name; read back under it).
 */
import type { z } from 'zod';
import { unknownKeyError } from './zod-error.ts';

/**
 * Options removed after they measured no gain and no preset used them (the lab notebook, lab/notebook/ in the
 * repository, keeps their results), each with the value that meant "off".
 */
const RETIRED_OPTIONS: Readonly<Record<string, unknown>> = { oversample: 1, familyTemperature: 0, frontierFloor: 0 };

/** The run-config keys of removed options (a flag naming one is explained as a config naming one is). */
export const RETIRED_OPTION_KEYS: readonly string[] = Object.keys(RETIRED_OPTIONS);

/** The line that explains a removed option, named as the user wrote it (`oversample` or `--oversample`). */
export function retiredOptionMessage(name: string): string {
  // Named so that it is true for an installed package too, which does not ship the lab.
  return `${name} is no longer an option (removed: it measured no gain; its results are in the project's lab notebook, lab/notebook/ in the repository)`;
}

/**
 * Options renamed: the old name → the new one. A config file naming an old one is told the new name; a stored run's
 * config.json is read back under the new names (`StoredRunConfigSchema`), so that every stored run still resumes.
 */
const RENAMED_OPTIONS: Readonly<Record<string, string>> = {
  // Two settings of the frontier sampler's prior: how strong it is, and where its mean sits.
  frontierPrior: 'frontierPriorStrength',
  frontierPriorModel: 'frontierPriorMean',
};

/** The line that explains a renamed option, named as the user wrote it. */
export function renamedOptionMessage(name: string): string {
  return `${name} is now called ${RENAMED_OPTIONS[name]}`;
}

/**
 * A config naming a removed option gets one line that says so, a renamed one its new name; another unknown key, the
 * known key it most likely meant (`unknownKeyError`).
 */
export function retiredOptionError(issue: z.core.$ZodRawIssue): string | undefined {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const retired = keys.find((key) => key in RETIRED_OPTIONS);
  if (retired !== undefined) return retiredOptionMessage(retired);
  const renamed = keys.find((key) => key in RENAMED_OPTIONS);
  return renamed === undefined ? unknownKeyError(issue) : renamedOptionMessage(renamed);
}

/**
 * A stored run's config (config.json): a removed option that holds its "off" value is dropped, since the run did
 * not use it; one the run did use still fails, as that run cannot be reproduced without it. A renamed option is read
 * under its new name.
 */
export function withoutRetiredOptions(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return stored;
  return Object.fromEntries(
    Object.entries(stored)
      .filter(([key, value]) => !(key in RETIRED_OPTIONS && RETIRED_OPTIONS[key] === value))
      .map(([key, value]) => [RENAMED_OPTIONS[key] ?? key, value]),
  );
}
