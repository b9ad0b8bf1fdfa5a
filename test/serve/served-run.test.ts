import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDomain } from '../../src/composition/registry.ts';
import { serve } from '../../src/composition/served-run.ts';
import { GenEnvError } from '../../src/interfaces/index.ts';
import { arithmeticAnswer, ServeClient } from '../../src/serve-client/client.ts';
import { rejection } from './serve-fixture.ts';

// `serve` from the library: the service started as `genenv serve` starts it, a handle that closes it once, and a
// start that fails leaving the run directory as it found it.

const folder = mkdtempSync(join(tmpdir(), 'genenv-served-run-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The student preset at its smallest: 2 task types × 1 variation × G = 2, epochs 0 and 1. */
const TINY = { preset: 'student', epochs: 1, tasksPerEpoch: 2, variations: 1, samples: 2 } as const;

/** A port something else listens on, until `close`. */
async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** Answers every attempt of the epoch the service hands out, and waits until the service has closed it. */
async function playEpoch(client: ServeClient): Promise<void> {
  const before = (await client.state()).closed_epochs;
  const open = (await client.state()).open_rounds[0]!;
  for (let attempt = 0; attempt < open.size; attempt++) {
    const { observation } = await client.reset();
    await client.step({ episode_id: observation.episode_id, action: { text: arithmeticAnswer(observation.prompt)! } });
  }
  while ((await client.state()).closed_epochs === before) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('serve', () => {
  it('serves a config, closes once, writes the report, and resumes the run', async () => {
    const out = join(folder, 'served');
    const lines: string[] = [];
    const service = await serve({ config: TINY, out, port: 0, onLine: (line) => lines.push(line) });
    const client = new ServeClient(service.url);
    try {
      expect(service.directory).toBe(out);
      expect(lines[0]).toMatch(/^student preset, variant genenv: epoch 0 and 1 more/);
      expect(lines.at(-1)).toBe('warming up the simulator, opening epoch 0');
      expect((await client.metadata()).name).toBe('genenv-arithmetic');
      await playEpoch(client);
    } finally {
      client.close();
    }
    expect(service.reportPath).toBeNull();
    const closing = service.close();
    expect(service.close()).toBe(closing);
    await closing;
    expect(service.reportPath).toBe(join(out, 'report.html'));
    expect(existsSync(service.reportPath!)).toBe(true);

    const resumed = await serve({ resume: out, epochs: 2, port: 0, onLine: (line) => lines.push(line) });
    const again = new ServeClient(resumed.url);
    try {
      expect(lines.at(-1)).toBe('restoring the curriculum');
      expect((await again.state()).closed_epochs).toBe(1);
    } finally {
      again.close();
      await resumed.close();
    }
  });

  it('refuses a port in use before writing anything, as a service error', async () => {
    const { port, server } = await busyPort();
    const out = join(folder, 'port-in-use');
    try {
      const error = await rejection(serve({ config: TINY, out, port }));
      expect(error).toBeInstanceOf(GenEnvError);
      expect(error).toMatchObject({
        code: 'service',
        message: `cannot listen on 127.0.0.1:${port}: the port is in use`,
      });
      expect(existsSync(out)).toBe(false);
    } finally {
      server.close();
    }
  });

  it('removes what a start that fails made, and the same start then works', async () => {
    // A world of the caller's own whose seeds cannot be read: the simulator's warm start fails after the directory exists.
    const arithmetic = await createDomain('arithmetic');
    const broken = () => ({
      ...arithmetic,
      name: 'broken',
      seeds: () => {
        throw new GenEnvError('domain', 'the seed file is gone');
      },
    });
    const config = { ...TINY, domain: { name: 'broken', options: {} } } as const;
    const fresh = join(folder, 'broken');
    await expect(serve({ config, out: fresh, port: 0, domains: { broken } })).rejects.toThrow('the seed file is gone');
    expect(existsSync(fresh)).toBe(false);
    // A folder of the user's own keeps what it held, and nothing else.
    const own = join(folder, 'own');
    mkdirSync(join(own, 'notes'), { recursive: true });
    await expect(serve({ config, out: own, port: 0, domains: { broken } })).rejects.toThrow('the seed file is gone');
    expect(readdirSync(own)).toEqual(['notes']);
    const service = await serve({ config: TINY, out: own, port: 0 });
    await service.close();
    expect(readdirSync(own)).toContain('serve.sqlite');
  });

  it('takes a new run or a resumed one, not both', () => {
    const resumed = () =>
      // @ts-expect-error a resumed run keeps its stored config
      serve({ resume: join(folder, 'served'), config: TINY });
    const moved = () =>
      // @ts-expect-error a resumed run stays in its directory
      serve({ resume: join(folder, 'served'), out: join(folder, 'elsewhere') });
    expect([resumed, moved]).toHaveLength(2);
  });

  it('refuses to listen beyond loopback without a token, or with a short one, before writing anything', async () => {
    const out = join(folder, 'exposed');
    await expect(serve({ config: TINY, out, host: '0.0.0.0', port: 0 })).rejects.toMatchObject({
      code: 'config',
      message: 'host 0.0.0.0 is not loopback: the service needs a bearer token to listen there',
    });
    await expect(serve({ config: TINY, out, port: 0, token: 'short' })).rejects.toMatchObject({
      code: 'config',
      message: 'the bearer token has 5 characters; it needs 16 or more',
    });
    await expect(serve({ config: { ...TINY, variant: 'uniform' }, out, port: 0 })).rejects.toMatchObject({
      code: 'config',
    });
    expect(existsSync(out)).toBe(false);
  });
});
