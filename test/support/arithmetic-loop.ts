/**
 * Loop runs on the arithmetic domain with the simulated student and the parametric simulator (fast, no model
 * kernels), each in a fresh directory, for the core's tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createArithmeticDomain } from '../../src/domains/arithmetic/index.ts';
import type { TrainableSimulator, UpdateStats } from '../../src/interfaces/index.ts';
import { ParametricSimulator } from '../../src/policies/parametric/parametric-simulator.ts';
import { SimulatedStudent } from '../../src/policies/student/student.ts';
import { RunStore } from '../../src/store/run-store.ts';
import { runLoop } from '../../src/core/loop.ts';
import { arithmeticConfig } from './arithmetic-config.ts';

export const config = arithmeticConfig;

/** A parametric simulator that counts the updates it receives. */
export class CountingSimulator extends ParametricSimulator {
  updateCalls = 0;
  override async update(...args: Parameters<ParametricSimulator['update']>): Promise<UpdateStats> {
    this.updateCalls++;
    return super.update(...args);
  }
}

/** One loop run on arithmetic in a fresh directory; the store is left open for the test to read. */
export async function runOnArithmetic(
  overrides: Record<string, unknown>,
  agent: SimulatedStudent = new SimulatedStudent(),
  simulatorFor: (domain: ReturnType<typeof createArithmeticDomain>) => TrainableSimulator = (domain) =>
    new ParametricSimulator(domain),
  domain = createArithmeticDomain(),
) {
  const directory = mkdtempSync(join(tmpdir(), 'loop-'));
  const runConfig = config(overrides);
  const store = RunStore.create(directory, runConfig);
  const summary = await runLoop({ config: runConfig, domain, agent, simulator: simulatorFor(domain), store });
  return { domain, directory, store, summary };
}
