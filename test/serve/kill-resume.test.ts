import { expect, it } from 'vitest';
import { crashCheck, uninterruptedPools } from '../../src/bench/serve-crash-check.ts';

// kill -9 of a `genenv serve` child at random moments under load from 64 clients, restarted with --resume:
// no acknowledged outcome lost, none counted twice, pools equal to an uninterrupted run's.
it('survives kill -9 under load with every acknowledged outcome kept once', async () => {
  const [crashed, reference] = await Promise.all([
    crashCheck({ kills: 2, epochs: 2, seed: 5 }),
    uninterruptedPools({ epochs: 2, seed: 5 }),
  ]);
  expect(crashed.kills).toBe(2);
  expect(crashed.acknowledged).toBeGreaterThan(0);
  expect(crashed.lost).toBe(0);
  expect(crashed.doubled).toBe(0);
  expect(crashed.pools).toBe(reference);
}, 120_000);
