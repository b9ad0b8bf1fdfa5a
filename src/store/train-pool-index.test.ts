import { describe, expect, it } from 'vitest';
import { TrainPoolIndex } from './train-pool-index.ts';

// The store's answer through the index is held to the whole-pool query in run-store.test.ts.
describe('TrainPoolIndex', () => {
  it('declines to answer when the traces were not committed in epoch order', () => {
    const index = new TrainPoolIndex();
    const row = (traceId: number, poolEpoch: number) => ({
      traceId,
      poolEpoch,
      instanceEpoch: poolEpoch,
      proposalId: 'p',
      instanceId: `i${traceId}`,
      payload: `{"id":"i${traceId}"}`,
    });
    index.add([row(1, 0), row(2, 1)]);
    expect(index.payloadsBefore(1)).toEqual(['{"id":"i1"}']);
    expect(() => index.add([row(2, 1)])).toThrow('trace 2 read out of order');
    index.add([row(3, 0)]);
    expect(index.payloadsBefore(2)).toBeNull();
  });
});
