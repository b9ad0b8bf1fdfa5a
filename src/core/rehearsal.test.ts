import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import type { SuccessfulTrace } from '../interfaces/index.ts';
import { rehearsalDemonstrations } from './rehearsal.ts';

const domain = createArithmeticDomain();
const seeds = domain.seeds();

/** Successful traces: instances of the first seeds, each with its reference answer as the solving text. */
function traces(count: number): SuccessfulTrace[] {
  return seeds.slice(0, count).map((seed, index) => {
    const result = domain.instantiate(seed.spec, 1, 100 + index);
    if (!result.ok) throw new Error(result.reason);
    const instance = result.instances[0]!;
    return { instance, text: `trace-${index} ${domain.render(instance).reference.answer}` };
  });
}

describe('rehearsal (D_train sampled for the agent update)', () => {
  it(
    'takes its trace share without replacement and fills the rest with base data paired with its reference ' +
      'answers',
    () => {
      const pool = traces(10);
      const demonstrations = rehearsalDemonstrations(domain, seeds, pool, 8, 0.5, 1);
      expect(demonstrations).toHaveLength(8);
      const fromTraces = demonstrations.filter((demonstration) => demonstration.target.startsWith('trace-'));
      expect(fromTraces).toHaveLength(4);
      expect(new Set(fromTraces.map((demonstration) => demonstration.target)).size).toBe(4);
      for (const demonstration of demonstrations.filter((item) => !item.target.startsWith('trace-'))) {
        expect(demonstration.target).toBe(demonstration.prompt.reference.answer);
      }
    },
  );

  it('uses base data where the pool is short, and nothing when the count is 0', () => {
    const demonstrations = rehearsalDemonstrations(domain, seeds, traces(2), 10, 0.8, 2);
    expect(demonstrations).toHaveLength(10);
    expect(demonstrations.filter((demonstration) => demonstration.target.startsWith('trace-'))).toHaveLength(2);
    expect(rehearsalDemonstrations(domain, seeds, traces(2), 0, 0.5, 2)).toEqual([]);
    expect(
      rehearsalDemonstrations(domain, seeds, traces(5), 4, 1, 2).every((demonstration) =>
        demonstration.target.startsWith('trace-'),
      ),
    ).toBe(true);
  });

  it('is deterministic in its seed and varies with it', () => {
    const pool = traces(10);
    const once = rehearsalDemonstrations(domain, seeds, pool, 12, 0.5, 3);
    expect(rehearsalDemonstrations(domain, seeds, pool, 12, 0.5, 3)).toEqual(once);
    expect(rehearsalDemonstrations(domain, seeds, pool, 12, 0.5, 4)).not.toEqual(once);
  });
});
