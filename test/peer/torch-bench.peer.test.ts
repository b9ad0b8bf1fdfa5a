/**
 * `genenv bench`'s training step beside PyTorch's (issue 55, item 4), run short: both programs on the same model,
 * batch and initial weights (their losses agree before any step), on 1 and 2 threads, and every ratio the quotient
 * of the figures it is made from. A peer test: it needs a Python that imports torch (`apt-get install -y
 * python3-torch`) and runs with `npm run test:peer`, not `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { runTorchComparison } from '../../src/measurement/torch-comparison.ts';
import { findTorchPython } from '../../src/measurement/torch-python.ts';

const peer = findTorchPython();

describe.skipIf(!('python' in peer))("genenv's training step beside PyTorch's", () => {
  it('measures both on one and two threads, alternately, from the same weights', async () => {
    const results = await runTorchComparison({ quick: true });
    console.log(
      Object.entries(results)
        .map(([key, value]) => `${key}  ${value}`)
        .join('\n'),
    );
    const value = (key: string) => results[key] as number;
    expect(Math.abs(value('torch.initialLossGenenv') / value('torch.initialLossTorch') - 1)).toBeLessThan(1e-5);
    for (const [name, threads] of [
      ['oneThread', 1],
      ['twoThreads', 2],
    ] as const) {
      expect(value(`torch.${name}.torchThreads`)).toBe(threads);
      for (const side of ['genenv', 'torch']) {
        expect(value(`torch.${name}.${side}StepMilliseconds`)).toBeGreaterThan(0);
        expect(value(`torch.${name}.${side}StepMillisecondsMedian`)).toBeGreaterThanOrEqual(
          value(`torch.${name}.${side}StepMilliseconds`),
        );
      }
      expect(value(`torch.${name}.genenvOverTorch`)).toBeCloseTo(
        value(`torch.${name}.genenvStepMilliseconds`) / value(`torch.${name}.torchStepMilliseconds`),
        12,
      );
      expect(value(`torch.${name}.genenvOverTorchCpuMedian`)).toBeCloseTo(
        value(`torch.${name}.genenvStepCpuMillisecondsMedian`) / value(`torch.${name}.torchStepCpuMillisecondsMedian`),
        12,
      );
      expect(value(`torch.${name}.genenvOverTorchMedian`)).toBeCloseTo(
        value(`torch.${name}.genenvStepMillisecondsMedian`) / value(`torch.${name}.torchStepMillisecondsMedian`),
        12,
      );
    }
    expect(results['torch.method']).toMatch(/alternat|turns/);
  });
});

it.skipIf('python' in peer)(
  `skipped: ${'reason' in peer ? peer.reason : ''}; then npm run test:peer -- test/peer/torch-bench.peer.test.ts`,
  () => undefined,
);
