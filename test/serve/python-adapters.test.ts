import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runPythonDriver, serveRun } from './serve-fixture.ts';

const DRIVER = fileURLToPath(new URL('./drive_adapters.py', import.meta.url));

it('drives the verl, TRL and OpenRLHF adapters with python3 against a live server', async () => {
  const served = await serveRun({ samples: 4 });
  try {
    const child = await runPythonDriver(DRIVER, served.url);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const results = JSON.parse(child.stdout);
    expect(results).toMatchObject({
      verl_rows: 4,
      verl_correct: 1,
      verl_retry: 1,
      verl_wrong: 0,
      sampler_order: [1, 0],
      trl_same_task: true,
      trl_feedback: ['correct', 'incorrect'],
      trl_rewards: [1, 0, 0],
      openrlhf_rewards: [1, 0],
      openrlhf_retry_same: true,
      refusal: [404, expect.stringMatching(/unknown episode no-such-episode/)],
    });
    // 1 correct + 1 wrong verl step, 2 TRL answers, 2 OpenRLHF attempts: retries were not counted.
    expect(served.service.counters.steps).toBe(6);
  } finally {
    await served.stop();
  }
});
