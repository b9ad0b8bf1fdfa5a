import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'lab/**/*.test.ts', 'test/**/*.test.ts'],
    // The peer suite needs a llama.cpp server: `npm run test:peer` (vitest.peer.config.ts).
    exclude: ['test/peer/**', '**/node_modules/**'],
    // Two cores in CI: two forks keep the machine busy without thrashing.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
