import { describe, expect, it } from 'vitest';
import { runOnArithmetic } from '../../test/support/arithmetic-loop.ts';
import type { ProposalRecord } from '../interfaces/index.ts';
import { LOWEST_AIM, oneEpochRise } from './evidence-aim.ts';

const record = (epoch: number, spec: unknown, successRate: number | null, valid = true): ProposalRecord =>
  ({ epoch, spec, successRate, valid }) as ProposalRecord;

describe('the aim of the evidence', () => {
  it("measures one epoch's rise of p̂ on specs assessed in consecutive epochs, near α the first time", () => {
    const rise = oneEpochRise(
      [
        record(1, 'a', 0.4),
        record(1, 'a', 0.5),
        record(2, 'a', 0.75),
        record(2, 'b', 0.5),
        record(3, 'b', 0.6),
        // Too far from α at first, not consecutive, invalid or unassessed: left out.
        record(1, 'c', 1),
        record(2, 'c', 0.5),
        record(5, 'b', 0.9),
        record(3, 'd', 0.5),
        record(4, 'd', 0.1, false),
        record(3, 'e', 0.5),
        record(4, 'e', null),
      ],
      0.5,
    );
    // a: 0.45 → 0.75 (+0.3); b: 0.5 → 0.6 (+0.1); c rises from 0.5 to nothing later.
    expect(rise).toBeCloseTo(0.2, 12);
    expect(oneEpochRise([record(1, 'a', 0.5)], 0.5)).toBeNull();
  });

  it('draws parents around α less the rise with ahead, and around α by default', async () => {
    const settings = { epochs: 5, tasksPerEpoch: 10, contextParentShare: 0.5, successPooling: 'spec' };
    const parents = async (aim: string) => {
      const run = await runOnArithmetic({ ...settings, evidenceAim: aim });
      const ids = [1, 2, 3, 4, 5].map((epoch) =>
        run.store.proposals(epoch, 'simulator').map((proposal) => proposal.seedId),
      );
      run.store.close();
      return ids;
    };
    const alpha = await parents('alpha');
    expect(await parents('alpha')).toEqual(alpha);
    // Epoch 1 has no rise measured yet (one epoch behind it): the same parents; later epochs aim lower.
    const ahead = await parents('ahead');
    expect(ahead[0]).toEqual(alpha[0]);
    expect(ahead).not.toEqual(alpha);
    expect(LOWEST_AIM).toBeGreaterThan(0);
  });
});
