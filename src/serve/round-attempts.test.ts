import { describe, expect, it } from 'vitest';
import type { ScoredAttempt, TaskType } from '../core/index.ts';
import { AttemptLedger, type ClaimTerms, Round, type Slot } from './round-attempts.ts';

/** A round of `types` task types × 1 instance × G attempts (only the layout matters here). */
function round(types: number, groupSize: number): Round {
  const taskTypes = Array.from(
    { length: types },
    (_, index) =>
      ({
        id: `t${index}`,
        source: 'simulator',
        family: 'f',
        features: {},
        instances: [{ id: `i${index}`, family: 'f', features: {}, payload: null }],
        spec: null,
        proposal: null,
        context: null,
      }) as unknown as TaskType,
  );
  return new Round(0, taskTypes, groupSize);
}

const outcome: ScoredAttempt = {
  completion: { text: '1', policyVersion: 'external' },
  reward: 1,
  success: true,
  invalid: null,
};
const LEASE = 1000;
/** Claim terms at time `now` (ms) with a lease of one second. */
const at = (now: number, backup = false): ClaimTerms => ({ now, cutoff: now - LEASE, backup });
const flatOf = (slot: Slot | null | 'group-full') => (slot === null || slot === 'group-full' ? slot : slot.flat);

describe('Round: handing out attempts', () => {
  it('hands out free attempts lowest first, given-back ones before the rest', () => {
    const served = round(2, 2);
    expect([0, 1, 2].map(() => flatOf(served.claim(undefined, at(0))))).toEqual([0, 1, 2]);
    served.release(1);
    expect(flatOf(served.claim(undefined, at(1)))).toBe(1);
    expect(flatOf(served.claim(undefined, at(2)))).toBe(3);
    expect(served.exhausted).toBe(true);
    expect(served.outstanding).toBe(4);
  });

  it('hands nothing out while every attempt is out within its lease, unless a backup is allowed', () => {
    const served = round(1, 2);
    served.claim(undefined, at(0));
    served.claim(undefined, at(100));
    expect(served.claim(undefined, at(500))).toBeNull();
    // The backup is of the attempt idle longest; a second backup of it waits for its lease.
    expect(flatOf(served.claim(undefined, at(500, true)))).toBe(0);
    expect(flatOf(served.claim(undefined, at(600, true)))).toBe(1);
    expect(served.claim(undefined, at(700, true))).toBeNull();
    expect(served.reissued).toBe(2);
  });

  it('hands an attempt out again once its lease ran out, before any backup', () => {
    const served = round(1, 2);
    served.claim(undefined, at(0));
    served.claim(undefined, at(600));
    expect(flatOf(served.claim(undefined, at(1000)))).toBe(0);
    // Handed out again at 1000: its next lease ends at 2000; attempt 1's at 1600.
    expect(flatOf(served.claim(undefined, at(1700)))).toBe(1);
    expect(served.oldestOutstanding).toBe(1000);
  });

  it('restarts the lease of an attempt whose episode plays a turn', () => {
    const served = round(1, 1);
    served.claim(undefined, at(0));
    served.touch(0, 900);
    expect(served.claim(undefined, at(1500))).toBeNull();
    expect(flatOf(served.claim(undefined, at(1900)))).toBe(0);
  });

  it('counts the first outcome of an attempt and ignores later ones', () => {
    const served = round(1, 1);
    served.claim(undefined, at(0));
    expect(flatOf(served.claim(undefined, at(0, true)))).toBe(0);
    expect(served.record(0, outcome)).toBe(true);
    expect(served.record(0, { ...outcome, reward: 0 })).toBe(false);
    expect(served.done).toBe(1);
    expect(served.groupOutcomes(0)).toEqual([outcome]);
    // A scored attempt is never handed out again, whatever its other holders do.
    served.release(0);
    expect(served.claim(undefined, at(5000, true))).toBeNull();
  });

  it('frees an attempt only when its last holder gives it back', () => {
    const served = round(1, 1);
    served.claim(undefined, at(0));
    served.claim(undefined, at(10, true));
    served.release(0);
    expect(served.outstanding).toBe(1);
    expect(served.claim(undefined, at(20))).toBeNull();
    served.release(0);
    expect(served.outstanding).toBe(0);
    expect(flatOf(served.claim(undefined, at(30)))).toBe(0);
  });

  it('keeps a group on one instance and hands it lease-expired attempts of that instance only', () => {
    const served = round(2, 2);
    expect(flatOf(served.claim('g', at(0)))).toBe(0);
    expect(flatOf(served.claim('g', at(0)))).toBe(1);
    expect(served.claim('g', at(500))).toBe('group-full');
    expect(flatOf(served.claim('g', at(1000)))).toBe(0);
    // A new key takes the first instance with all G free.
    expect(flatOf(served.claim('h', at(1000)))).toBe(2);
  });
});

describe('AttemptLedger', () => {
  it('finds the longest-idle attempt among many in amortised constant time', () => {
    const ledger = new AttemptLedger(100_000);
    for (let flat = 0; flat < 100_000; flat++) ledger.take(flat, flat);
    for (let flat = 0; flat < 99_999; flat++) ledger.record(flat);
    expect(ledger.overdue(100_000)).toBe(99_999);
    expect(ledger.oldestStamp()).toBe(99_999);
    expect(ledger.outstanding).toBe(1);
  });
});
