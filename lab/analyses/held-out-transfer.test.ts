import { describe, expect, it } from 'vitest';
import { familyTransfer, gainSignalCorrelation } from './held-out-transfer.ts';

const items = (family: string, successes: boolean[]) => successes.map((success) => ({ family, success }));

describe('held-out transfer by family', () => {
  it('counts accuracy before and after per family beside its training rollouts and their signal', () => {
    const before = [...items('b', [false, false]), ...items('a', [true, false, false, false])];
    const after = [...items('b', [true, false]), ...items('a', [true, true, false, false])];
    const training = [
      { family: 'a', outcomes: [1, 0, 1, 1] },
      { family: 'a', outcomes: [0, 0, 0, 0] },
      { family: 'b', outcomes: [1, 1] },
      { family: 'unseen', outcomes: [1, 0] },
    ];
    expect(familyTransfer(before, after, training)).toEqual([
      { family: 'a', items: 4, before: 0.25, after: 0.5, gain: 0.25, rollouts: 8, signalRollouts: 4 },
      { family: 'b', items: 2, before: 0, after: 0.5, gain: 0.5, rollouts: 2, signalRollouts: 0 },
    ]);
  });

  it('refuses evaluations of different items', () => {
    expect(() => familyTransfer(items('a', [true]), [], [])).toThrow(RangeError);
    expect(() => familyTransfer(items('a', [true]), items('b', [true]), [])).toThrow(/changed family/);
  });

  it('correlates gains with the share of signal each family got', () => {
    const row = (family: string, gain: number, signalRollouts: number) => ({
      family,
      items: 10,
      before: 0,
      after: gain,
      gain,
      rollouts: 100,
      signalRollouts,
    });
    expect(gainSignalCorrelation([row('a', 0.1, 10), row('b', 0.3, 30), row('c', 0.2, 20)])).toBeCloseTo(1, 12);
    expect(gainSignalCorrelation([row('a', 0.3, 10), row('b', 0.1, 30)])).toBeCloseTo(-1, 12);
    expect(gainSignalCorrelation([row('a', 0.3, 0), row('b', 0.1, 0)])).toBeNull();
    expect(gainSignalCorrelation([row('a', 0.3, 5)])).toBeNull();
  });
});
