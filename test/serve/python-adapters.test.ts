import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runPythonDriver, serveRun } from './serve-fixture.ts';

const DRIVER = fileURLToPath(new URL('./drive_adapters.py', import.meta.url));
const RETRY_DRIVER = fileURLToPath(new URL('./drive_retry.py', import.meta.url));

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

it('retries a reset refused at the session cap (503, Retry-After) until a place frees up', async () => {
  const served = await serveRun({}, { limits: { maxSessions: 1 } });
  try {
    const child = await runPythonDriver(RETRY_DRIVER, served.url);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout);
    expect(result.second_epoch).toBe(0);
    expect(result.waited).toBeGreaterThanOrEqual(0.9);
    // With one try only, the refusal reaches Python with its status and code.
    expect(result.refusal).toEqual([503, 'CAPACITY_REACHED']);
    expect(served.service.counters.refused).toBeGreaterThanOrEqual(2);
  } finally {
    await served.stop();
  }
});
