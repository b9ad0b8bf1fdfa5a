import { describe, expect, it } from 'vitest';
import { phaseClock } from './phase-clock.ts';

describe('phaseClock', () => {
  it('sums each phase over epochs until the next phase or the end of its epoch', () => {
    let now = 0;
    const clock = phaseClock(() => now);
    clock.enter('generate');
    now = 1000;
    clock.enter('attempt');
    now = 3500;
    clock.close();
    now = 9000; // between epochs: counted nowhere
    clock.enter('generate');
    now = 9500;
    expect(clock.line()).toBe('seconds per phase: generate 1.5, attempt 2.5 (total 4.0)');
  });
});
