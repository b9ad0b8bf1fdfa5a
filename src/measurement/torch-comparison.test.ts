import { describe, expect, it } from 'vitest';
import { runTorchComparison, stepFigures } from './torch-comparison.ts';
import { findTorchPython, TORCH_INSTALL_LINE } from './torch-python.ts';

describe('the training step beside PyTorch', () => {
  it('takes the fastest and the median step', () => {
    expect(stepFigures([30, 10, 20])).toEqual({ fastest: 10, median: 20 });
    expect(stepFigures([4, 1, 3, 2])).toEqual({ fastest: 1, median: 3 });
    expect(() => stepFigures([])).toThrow(RangeError);
  });

  it('names the install line when the Python asked for cannot import torch', () => {
    const missing = findTorchPython('/nonexistent/python3');
    expect('reason' in missing && missing.reason).toContain(TORCH_INSTALL_LINE);
  });

  it('reports one line instead of figures without PyTorch (the speed bench on a machine without it)', async () => {
    const results = await runTorchComparison({ peer: { reason: 'no PyTorch peer: install it' } });
    expect(results).toEqual({ torch: 'not measured: no PyTorch peer: install it' });
  });
});
