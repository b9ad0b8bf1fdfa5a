/**
 * The run config of the tests on the arithmetic domain with the simulated student and the parametric simulator:
 * the settings they share, and each test's own through `overrides` (seed, epochs, budget, …).
 */
import { RunConfigSchema, type RunConfig } from '../../src/interfaces/index.ts';

export function arithmeticConfig(overrides: Record<string, unknown>): RunConfig {
  return RunConfigSchema.parse({
    preset: 'test',
    seed: 3,
    epochs: 3,
    tasksPerEpoch: 6,
    variations: 2,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    domain: { name: 'arithmetic' },
    agent: { policy: 'student' },
    simulator: { policy: 'parametric' },
    ...overrides,
  });
}
