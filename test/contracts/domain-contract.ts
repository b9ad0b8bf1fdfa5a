import { describe, expect, it } from 'vitest';
import type { Domain } from '../../src/interfaces/index.ts';
import { DOMAIN_CHECKS, type DomainCheckOptions, failuresOf } from '../../src/testing/index.ts';

/** What a world's contract may be told beside the world itself (the options of `checkDomain`, genenv/testing). */
export type DomainContractOptions = DomainCheckOptions;

/**
 * The contract every domain passes, one test for each check of genenv/testing (`DOMAIN_CHECKS`, the checks
 * `checkDomain` runs for a user's own world): gold answers score 1, junk and near misses score 0 without throwing,
 * specs round-trip through their compact text, invalid specs are rejected with a reason, and everything is a pure
 * function of the seed. A failed check shows its reasons, one line each.
 */
export function describeDomainContract(name: string, make: () => Domain, options: DomainContractOptions = {}): void {
  describe(`domain contract: ${name}`, () => {
    const domain = make();
    for (const check of DOMAIN_CHECKS)
      it(check.name, () => {
        const reasons = failuresOf(check, { domain, rebuild: make, options }).map((failure) => failure.reason);
        expect(reasons, reasons.join('\n')).toEqual([]);
      });
  });
}
