import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPythonDriver, serveRun } from '../serve/serve-fixture.ts';

const DRIVER = fileURLToPath(new URL('./drive_openenv_stragglers.py', import.meta.url));
// OpenEnv's Python client is not vendored: it is assembled from OpenEnv's repository (pinned commit) into a folder
// outside the work tree (docs/serving.md); GENENV_OPENENV_CLIENT names that folder's `py`. A peer test: it runs with
// `npm run test:peer`, not `npm test`.
const CLIENT = process.env.GENENV_OPENENV_CLIENT;
const present = CLIENT !== undefined && existsSync(join(CLIENT, 'openenv', 'core', 'generic_client.py'));

describe.skipIf(!present)("OpenEnv's own client (GenericEnvClient) against genenv serve", () => {
  it('keeps 32 clients fed for 10 s after one client resets and vanishes: 0 errors, every epoch closes', async () => {
    const served = await serveRun({ epochs: 10_000 });
    try {
      const child = await runPythonDriver(DRIVER, served.url, {
        args: ['10'],
        // The driver's arithmetic answers come from test/serve (arithmetic_answer.py).
        environment: { PYTHONPATH: [CLIENT!, fileURLToPath(new URL('../serve', import.meta.url))].join(':') },
      });
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      const result = JSON.parse(child.stdout);
      expect(result.errors).toEqual([]);
      expect(result.error_count).toBe(0);
      expect(result.closed_epochs).toBeGreaterThanOrEqual(3);
      expect(result.outstanding.every((count: number) => count === 0)).toBe(true);
      expect(result.late).toEqual({ reward: 1, done: true, duplicate: true });
    } finally {
      await served.stop();
    }
  });
});

it.skipIf(present)(
  "skipped: OpenEnv's client is not assembled; build it (docs/serving.md), then " +
    'GENENV_OPENENV_CLIENT=DIR/py npm run test:peer -- test/peer/openenv-client.peer.test.ts',
  () => undefined,
);
