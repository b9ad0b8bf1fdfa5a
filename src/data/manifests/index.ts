/** The data manifests of the five benchmarks, by name. */
import { GenEnvError } from '../../interfaces/errors.ts';
import type { BenchmarkManifest } from '../manifest.ts';
import { alfworldManifest } from './alfworld.ts';
import { apiBankManifest } from './api-bank.ts';
import { bamboogleManifest } from './bamboogle.ts';
import { bfclManifest } from './bfcl.ts';
import { travelPlannerManifest } from './travelplanner.ts';

export const MANIFESTS: readonly BenchmarkManifest[] = [
  apiBankManifest,
  bfclManifest,
  bamboogleManifest,
  travelPlannerManifest,
  alfworldManifest,
];

/** The manifest of a benchmark; a usage error naming the known ones otherwise. */
export function manifestOf(name: string): BenchmarkManifest {
  const manifest = MANIFESTS.find((entry) => entry.name === name);
  if (!manifest)
    throw new GenEnvError(
      'usage',
      `unknown benchmark "${name}" (known: ${MANIFESTS.map((entry) => entry.name).join(', ')}, or all)`,
    );
  return manifest;
}
