import { describe, expect, it } from 'vitest';
import { learningRateAt } from './learning-rate-schedule.ts';

describe('learning-rate schedule', () => {
  it('constant is the peak at every step', () => {
    for (const step of [0, 5, 99]) expect(learningRateAt('constant', step, 100, 3e-3)).toBe(3e-3);
  });

  it('cosine warms up linearly, peaks, then decays monotonically to a tenth of the peak', () => {
    const total = 200;
    const rates = Array.from({ length: total }, (_, step) => learningRateAt('cosine', step, total, 1e-2));
    // 5% of 200 = 10 warm-up steps: 1/10, 2/10, … of the peak.
    expect(rates[0]).toBeCloseTo(1e-3, 12);
    expect(rates[9]).toBeCloseTo(1e-2, 12);
    expect(Math.max(...rates)).toBeCloseTo(1e-2, 12);
    for (let step = 10; step < total; step++) expect(rates[step]!).toBeLessThanOrEqual(rates[step - 1]! + 1e-15);
    expect(rates[total - 1]).toBeCloseTo(1e-3, 12);
    // Halfway through the decay the cosine is at the midpoint of peak and floor.
    expect(learningRateAt('cosine', 10 + (total - 11) / 2, total, 1e-2)).toBeCloseTo(5.5e-3, 6);
  });

  it('stays in range for degenerate step counts', () => {
    expect(learningRateAt('cosine', 0, 1, 2e-3)).toBe(2e-3);
    expect(learningRateAt('cosine', 50, 10, 2e-3)).toBeCloseTo(2e-4, 12);
    expect(learningRateAt('cosine', -3, 10, 2e-3)).toBeGreaterThan(0);
  });
});
