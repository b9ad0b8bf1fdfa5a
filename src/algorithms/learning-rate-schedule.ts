/** Shapes of the learning rate over a fixed number of optimiser steps. */
export type LearningRateSchedule = 'constant' | 'cosine';

/**
 * Learning rate at optimiser step `step` (0-based) of `totalSteps`:
 * - `constant`: `peak` throughout;
 * - `cosine`: linear warm-up from peak/warmupSteps to `peak` over the first `warmupFraction` of the steps,
 *   then half a cosine down to `floorFraction`·peak at the last step. Warm-up keeps the first Adam
 *   steps (noisy second moments) small; the decay lets a short run settle instead of ending mid-jump.
 */
export function learningRateAt(
  schedule: LearningRateSchedule,
  step: number,
  totalSteps: number,
  peak: number,
  warmupFraction = 0.05,
  floorFraction = 0.1,
): number {
  if (schedule === 'constant' || totalSteps <= 1) return peak;
  const clamped = Math.min(Math.max(step, 0), totalSteps - 1);
  const warmupSteps = Math.max(1, Math.round(warmupFraction * totalSteps));
  if (clamped < warmupSteps) return (peak * (clamped + 1)) / warmupSteps;
  const progress = (clamped - warmupSteps) / Math.max(1, totalSteps - 1 - warmupSteps);
  return peak * (floorFraction + (1 - floorFraction) * 0.5 * (1 + Math.cos(Math.PI * progress)));
}
