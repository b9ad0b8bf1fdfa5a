import type { Domain } from '../interfaces/index.ts';
import {
  type CheckedWorld,
  type DomainCheck,
  type DomainCheckOptions,
  type FailedCheck,
  failuresOf,
} from './domain-check.ts';
import { GRAMMAR_CHECKS } from './grammar-checks.ts';
import { WORLD_CHECKS } from './world-checks.ts';

/**
 * The domain contract, check by check: what genenv holds each of its own worlds to, and what a run assumes of any
 * world (gold answers score 1, junk and near misses 0 without throwing, specs round-trip through their text, invalid
 * text is refused with a reason, everything a pure function of the seed, episodes and grammars that end well).
 */
export const DOMAIN_CHECKS: readonly DomainCheck[] = [...WORLD_CHECKS, ...GRAMMAR_CHECKS];

/**
 * Runs the domain contract on a world, framework-free: resolves with the checks it fails, each with a one-line
 * reason (at most five reasons a check, then a line saying there are more), and with none when the world keeps the
 * contract, so that a test asserts the list is empty. `make` builds the world (it may return a promise); it is called
 * twice, once more to check that a second build has the same seeds and held-out sets. A check that throws fails with
 * the error's first line as its reason; an error of `make` itself rejects.
 */
export async function checkDomain<Spec, Payload>(
  make: () => Domain<Spec, Payload> | Promise<Domain<Spec, Payload>>,
  options: DomainCheckOptions<Payload> = {},
): Promise<FailedCheck[]> {
  if (options.limit !== undefined && !(Number.isInteger(options.limit) && options.limit >= 1))
    throw new RangeError(`checkDomain: limit must be a whole number of at least 1, not ${options.limit}`);
  const domain: Domain = await make();
  const second: Domain = await make();
  const world: CheckedWorld = { domain, rebuild: () => second, options };
  return DOMAIN_CHECKS.flatMap((check) => failuresOf(check, world));
}
