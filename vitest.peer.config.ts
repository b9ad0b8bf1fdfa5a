import { defineConfig } from 'vitest/config';

// The peer suite (`npm run test:peer`): genenv against a real llama.cpp server, which needs GENENV_PEER_URL (and
// LLAMA_PEER_DIR to start servers of its own; docs/design.md §9 says how to set one up), and genenv's gradients
// against PyTorch autograd, which needs a Python that imports torch (`apt-get install -y python3-torch`). Each test
// whose peer is missing is skipped with a line saying how to enable it. Not part of `npm test`, which runs on a fresh
// clone with nothing else installed.
export default defineConfig({
  test: {
    include: ['test/peer/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
