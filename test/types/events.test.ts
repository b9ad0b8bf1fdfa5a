/** The loop's events are typed: `epoch-end` carries the epoch's metrics as summary.json holds them. */
import { describe, expectTypeOf, it } from 'vitest';
import type { EpochMetrics, EventSink, RunEvent } from 'genenv';

describe('run events', () => {
  it("epoch-end's metrics are EpochMetrics", () => {
    expectTypeOf<Extract<RunEvent, { type: 'epoch-end' }>['metrics']>().toEqualTypeOf<EpochMetrics>();
    const sink: EventSink = (event) => {
      if (event.type !== 'epoch-end') return;
      expectTypeOf(event.metrics.heldOutAccuracy).toEqualTypeOf<EpochMetrics['heldOutAccuracy']>();
      // @ts-expect-error: no such metric.
      expectTypeOf(event.metrics.heldoutAccuracy).toBeUnknown();
    };
    expectTypeOf(sink).toBeFunction();
  });
});
