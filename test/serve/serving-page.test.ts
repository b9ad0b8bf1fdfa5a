import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEADLINE_CHECK_MS } from '../../src/serve/endpoints.ts';
import { DEFAULT_LIMITS } from '../../src/serve/limits.ts';

/**
 * docs/serving.md says the service's limits as figures; these are the figures the service enforces: each documented
 * default is read from the page and compared with src/serve/limits.ts, so a default changed on one side only fails.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs', 'serving.md'), 'utf8').replace(/\s+/g, ' ');

/** Every figure the page gives where `pattern` (with one capture group) matches; the page must give one. */
function figures(pattern: RegExp): number[] {
  const found = [...page.matchAll(new RegExp(pattern, 'g'))].map((match) => Number(match[1]!.replaceAll(',', '')));
  expect(found.length, String(pattern)).toBeGreaterThan(0);
  return found;
}

describe('docs/serving.md states the limits the service enforces', () => {
  it.each([
    ['the lease', /`--lease` \((\d+) s/, DEFAULT_LIMITS.leaseMs / 1000],
    ['the idle timeout', /`--idle-timeout` \((\d+) s\)/, DEFAULT_LIMITS.idleMs / 1000],
    ['the reset wait', /`--reset-wait` \((\d+) s/, DEFAULT_LIMITS.resetWaitMs / 1000],
    ['the session cap', /`--max-sessions` \(([\d,]+)\)/, DEFAULT_LIMITS.maxSessions],
    ['the body limit', /Bodies are capped at (\d+) MiB/, DEFAULT_LIMITS.bodyLimit / 2 ** 20],
    [
      'the request deadline',
      /A request \(headers and body\) must arrive within (\d+) s/,
      DEFAULT_LIMITS.requestTimeoutMs / 1000,
    ],
    ['the keep-alive', /Idle keep-alive connections close after (\d+) s/, DEFAULT_LIMITS.keepAliveMs / 1000],
  ])('%s', (_name, pattern, enforced) => {
    const documented = figures(pattern);
    expect(documented).toEqual(documented.map(() => enforced));
  });

  it('says how late a slow request may be cut off', () => {
    expect(page).toContain('within a second of the deadline');
    expect(DEADLINE_CHECK_MS).toBe(1000);
  });
});
