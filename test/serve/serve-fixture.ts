import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { resolveRunConfig } from '../../src/composition/config-resolution.ts';
import { createDomain, createTrainableSimulator } from '../../src/composition/registry.ts';
import type { RunConfig, RunConfigInput } from '../../src/interfaces/index.ts';
import { type RunningServer, startServe } from '../../src/serve/startup.ts';
import { ServeClient } from '../../src/serve-client/client.ts';
import { RunStore } from '../../src/store/run-store.ts';

/** A small student-preset curriculum: 8 task types × 2 variations × 8 attempts = 128 episodes an epoch. */
export const SMALL: Partial<RunConfigInput> = {
  epochs: 3,
  tasksPerEpoch: 8,
  variations: 2,
  samples: 8,
  agent: { policy: 'external', options: {} },
};

/** A small multi-turn curriculum: household scenes, 4 task types × 1 variation × 4 attempts an epoch, epochs 0..2. */
export const HOUSEHOLD: Partial<RunConfigInput> = {
  domain: { name: 'household', options: {} },
  simulator: { policy: 'parametric', options: {} },
  tasksPerEpoch: 4,
  variations: 1,
  samples: 4,
  epochs: 2,
};

export interface Served extends RunningServer {
  directory: string;
  store: RunStore;
  /** Closes the server and the store; removes the directory unless `keep`. */
  stop(keep?: boolean): Promise<void>;
}

/** Starts a served run in a fresh temporary directory (or resumes `resume`). */
export async function serveRun(
  overrides: Partial<RunConfigInput> = {},
  options: {
    resume?: string;
    token?: string | null;
    host?: string;
    prefetch?: 0 | 1;
    limits?: Record<string, number>;
  } = {},
): Promise<Served> {
  const directory = options.resume ?? mkdtempSync(join(tmpdir(), 'genenv-serve-'));
  const store = options.resume
    ? RunStore.open(directory, { kind: 'service' })
    : RunStore.create(directory, resolveRunConfig({ preset: 'student', overrides: { ...SMALL, ...overrides } }), {
        kind: 'service',
      });
  const config: RunConfig = store.config;
  const domain = await createDomain(config.domain.name, config.domain.options);
  const simulator = await createTrainableSimulator({
    spec: config.simulator.policy,
    domain,
    options: config.simulator.options,
    seed: config.seed,
  });
  const server = await startServe({
    config,
    domain,
    simulator,
    store,
    host: options.host ?? '127.0.0.1',
    port: 0,
    token: options.token ?? null,
    ...(options.prefetch !== undefined ? { prefetch: options.prefetch } : {}),
    limits: options.limits,
  });
  return {
    ...server,
    directory,
    store,
    stop: async (keep = false) => {
      await server.close();
      store.close();
      if (!keep) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A served run and a client for the tests of one describe block: started before them, stopped after them. */
export function servedSuite(...input: Parameters<typeof serveRun>): {
  readonly served: Served;
  readonly client: ServeClient;
} {
  const suite = {} as { served: Served; client: ServeClient };
  beforeAll(async () => {
    suite.served = await serveRun(...input);
    suite.client = new ServeClient(suite.served.url);
  });
  afterAll(async () => {
    suite.client?.close();
    await suite.served?.stop();
  });
  return suite;
}

/** The error a promise rejects with (a failure when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

/**
 * Runs a Python driver script (next to the tests) with `python3 SCRIPT URL ...args` and collects its output.
 * The spawn is asynchronous: the served run lives in this process and must keep answering meanwhile.
 */
export function runPythonDriver(
  script: string,
  url: string,
  options: { args?: string[]; environment?: Record<string, string> } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const python = spawn('python3', [script, url, ...(options.args ?? [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.environment },
    });
    let stdout = '';
    let stderr = '';
    python.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    python.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    python.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
