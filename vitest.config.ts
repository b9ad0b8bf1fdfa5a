import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The examples import the package by its name, as a user does; in the tests that name is the sources.
  resolve: { alias: [{ find: /^genenv$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }] },
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
