/**
 * `genenv/testing`: the domain contract for a world of your own (docs/library.md, "Check your world"), the checks
 * genenv runs on each of its built-in worlds, framework-free so that any test runner asserts their result.
 */
export { checkDomain, DOMAIN_CHECKS } from './check-domain.ts';
export {
  type CheckedWorld,
  type DomainCheck,
  type DomainCheckOptions,
  type FailedCheck,
  failuresOf,
} from './domain-check.ts';
