import { describe, expect, it } from 'vitest';
import { stoppingVerdict } from './validation-stopping.ts';

describe('early stopping on validation accuracy', () => {
  it('goes on while the checks improve, and keeps the latest better one', () => {
    expect(stoppingVerdict([], 3)).toEqual({ kept: -1, stop: false });
    expect(stoppingVerdict([0.2], 3)).toEqual({ kept: 0, stop: false });
    expect(stoppingVerdict([0.2, 0.5, 0.9], 3)).toEqual({ kept: 2, stop: false });
  });

  it('stops after `patience` checks without beating the kept one, which is the first to reach the best', () => {
    expect(stoppingVerdict([0.5, 0.9, 0.8, 0.9], 3)).toEqual({ kept: 1, stop: false });
    expect(stoppingVerdict([0.5, 0.9, 0.8, 0.9, 0.85], 3)).toEqual({ kept: 1, stop: true });
    expect(stoppingVerdict([0.5, 0.9, 0.8, 0.91, 0.85], 3)).toEqual({ kept: 3, stop: false });
    expect(stoppingVerdict([0.9, 0.1], 1)).toEqual({ kept: 0, stop: true });
  });

  it('stops at a perfect check', () => {
    expect(stoppingVerdict([0.4, 1], 5)).toEqual({ kept: 1, stop: true });
  });

  it('treats a patience below one as one', () => {
    expect(stoppingVerdict([0.9, 0.9], 0)).toEqual({ kept: 0, stop: true });
    expect(stoppingVerdict([0.9], 0)).toEqual({ kept: 0, stop: false });
  });
});
