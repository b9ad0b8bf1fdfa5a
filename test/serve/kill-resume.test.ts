import { expect, it } from 'vitest';
import { crashCheck, uninterruptedPools } from '../../src/measurement/serve-crash-check.ts';

// kill -9 of a `genenv serve` child at random moments under load from 64 clients, restarted with --resume,
// while a tenth of the clients vanish mid-episode and a short lease hands their attempts out again: no
// acknowledged outcome lost, none counted twice, pools equal to an uninterrupted run's.
it('survives kill -9 under load and lost clients with every acknowledged outcome kept and counted once', async () => {
  const [crashed, reference] = await Promise.all([
    crashCheck({ kills: 2, epochs: 2, seed: 5, lease: 0.2, vanish: 0.1 }),
    uninterruptedPools({ epochs: 2, seed: 5 }),
  ]);
  expect(crashed.kills).toBe(2);
  expect(crashed.vanished).toBeGreaterThan(0);
  expect(crashed.acknowledged).toBeGreaterThan(0);
  expect(crashed.lost).toBe(0);
  expect(crashed.doubled).toBe(0);
  expect(crashed.pools).toBe(reference);
}, 120_000);
