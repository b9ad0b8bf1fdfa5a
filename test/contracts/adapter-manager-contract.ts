import { afterEach, describe, expect, it } from 'vitest';
import type { AdapterManager, AdapterSelection } from '../../src/interfaces/adapter-manager.ts';
import { GenEnvError } from '../../src/interfaces/errors.ts';
import { type ScriptedServer, type ServerRequest, startScriptedServer } from '../support/openai-server/server.ts';

/** How one serving engine's manager is set up against the scripted server, and how to read its routing. */
export interface AdapterManagerFixture {
  /** Options of the scripted server (e.g. llama.cpp's preloaded adapters). */
  server: Parameters<typeof startScriptedServer>[0];
  /** A manager over the given base URLs. */
  manager(baseUrls: string[]): AdapterManager;
  /** Adapter files the engine can serve (the first three are used). */
  paths: [string, string, string];
  /** The path of the adapter a chat request ran on, as the server saw it (null: the base model). */
  routedPath(server: ScriptedServer, request: ServerRequest): string | null;
}

/** One chat request carrying `selection`, as a policy would send it. */
async function chat(server: ScriptedServer, selection: AdapterSelection): Promise<number> {
  const response = await fetch(`${server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: selection.model ?? 'test-model',
      messages: [{ role: 'user', content: 'hello' }],
      ...selection.body,
    }),
  });
  await response.text();
  return response.status;
}

/** Awaits `promise` expecting a one-line GenEnvError whose message matches `pattern`. */
async function expectOneLine(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenEnvError);
  expect((error as Error).message).toMatch(pattern);
  expect((error as Error).message).not.toContain('\n');
}

/**
 * The contract of every LoRA adapter manager, against the scripted OpenAI-compatible server speaking the
 * engine's adapter endpoints: requests carrying a loaded adapter's selection run on that adapter on every
 * server; a name is loaded once; unloading waits for requests in flight and refuses new ones meanwhile,
 * so a newer adapter can take over while the old one drains; unknown names and unreachable servers are
 * refused with one line.
 */
export function describeAdapterManagerContract(name: string, fixture: AdapterManagerFixture): void {
  describe(`adapter manager contract: ${name}`, () => {
    const servers: ScriptedServer[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await server.close();
    });
    const start = async (count = 1) => {
      for (let index = 0; index < count; index++) servers.push(await startScriptedServer(fixture.server));
      return servers.slice(-count);
    };

    it('loads an adapter on every server and routes requests carrying its selection to it', async () => {
      const started = await start(2);
      const manager = fixture.manager(started.map((server) => server.baseUrl));
      const [first] = fixture.paths;
      await manager.load('agent-v1', first);
      expect(await manager.list()).toEqual([{ name: 'agent-v1', path: first, inFlight: 0 }]);
      for (const server of started) {
        const status = await manager.withAdapter('agent-v1', (selection) => chat(server, selection));
        expect(status).toBe(200);
        expect(fixture.routedPath(server, server.requests.at(-1)!)).toBe(first);
      }
      await expectOneLine(manager.load('agent-v1', first), /adapter agent-v1 is already loaded/);
    });

    it('swaps to a newer adapter while the old one drains, and unloads only when its requests are done', async () => {
      const [server] = await start();
      const manager = fixture.manager([server!.baseUrl]);
      const [first, second] = fixture.paths;
      await manager.load('agent-v1', first);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let routed: string | null = null;
      const inFlight = manager.withAdapter('agent-v1', async (selection) => {
        await held;
        const status = await chat(server!, selection);
        // Read while the adapter is still held: once released, the engine may forget it.
        routed = fixture.routedPath(server!, server!.requests.at(-1)!);
        return status;
      });
      expect((await manager.list())[0]!.inFlight).toBe(1);
      await manager.load('agent-v2', second);
      let unloaded = false;
      const unloading = manager.unload('agent-v1').then(() => {
        unloaded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unloaded).toBe(false);
      await expectOneLine(
        manager.withAdapter('agent-v1', async () => 0),
        /adapter agent-v1 is (being unloaded|not loaded)/,
      );
      expect(await manager.withAdapter('agent-v2', (selection) => chat(server!, selection))).toBe(200);
      expect(fixture.routedPath(server!, server!.requests.at(-1)!)).toBe(second);
      release();
      expect(await inFlight).toBe(200);
      await unloading;
      expect(unloaded).toBe(true);
      expect(routed).toBe(first);
      expect((await manager.list()).map((adapter) => adapter.name)).toEqual(['agent-v2']);
    });

    it('refuses unknown names with one line, and a name can be loaded again after it was unloaded', async () => {
      const [server] = await start();
      const manager = fixture.manager([server!.baseUrl]);
      await expectOneLine(manager.unload('agent-v9'), /adapter agent-v9 is not loaded/);
      await expectOneLine(
        manager.withAdapter('agent-v9', async () => 0),
        /adapter agent-v9 is not loaded/,
      );
      const [, , third] = fixture.paths;
      await manager.load('env-v1', third);
      await manager.unload('env-v1');
      expect(await manager.list()).toEqual([]);
      await manager.load('env-v1', third);
      expect((await manager.list()).map((adapter) => adapter.path)).toEqual([third]);
    });

    it('an unreachable server is one line naming it, with the cause kept', async () => {
      const manager = fixture.manager(['http://127.0.0.1:9/v1']);
      const error = await manager.load('agent-v1', fixture.paths[0]).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(GenEnvError);
      expect((error as Error).message).toContain('127.0.0.1:9');
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).cause).toBeDefined();
      expect(await manager.list()).toEqual([]);
    });
  });
}
