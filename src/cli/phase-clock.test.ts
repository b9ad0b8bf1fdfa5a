import { describe, expect, it } from 'vitest';
import { phaseClock } from './phase-clock.ts';

describe('phaseClock', () => {
  it('sums each phase over epochs until the next phase or the end of its epoch', () => {
    let now = 0;
    let cpu = 0;
    const clock = phaseClock(
      () => now,
      () => cpu,
    );
    clock.enter('generate');
    now = 1000;
    cpu = 2;
    clock.enter('attempt');
    now = 3500;
    cpu = 6.5;
    clock.close();
    now = 9000; // between epochs: counted nowhere
    cpu = 20;
    clock.enter('generate');
    now = 9500;
    cpu = 21;
    expect(clock.line()).toBe(
      'seconds per phase: generate 1.5, attempt 2.5 (total 4.0)\n' +
        'CPU seconds per phase: generate 3.0, attempt 4.5 (total 7.5)',
    );
  });
});
