import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../test/support/openai-server/server.ts';
import { GenEnvError } from '../interfaces/errors.ts';
import { runCommand } from './run-command.ts';

const folders: string[] = [];
const servers: ScriptedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-run-command-'));
  folders.push(folder);
  return folder;
}
function configFile(folder: string, config: Record<string, unknown>): string {
  const path = join(folder, 'config-in.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

describe('genenv run: a config error found after the run folder was made', () => {
  // An OpenAI-served agent without a trainer hook: refused when the policies are made, after the folder.
  const bad = { agent: { policy: 'openai:http://127.0.0.1:9/v1#m', options: {} } };

  it('removes the folder it made, so the same command runs again once the config is fixed', async () => {
    const root = scratch();
    const out = join(root, 'run');
    const config = configFile(root, bad);
    const attempt = () => runCommand({ preset: 'student', config, out, quiet: true, overrides: { epochs: 1 } });
    const error = await attempt().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as Error).message).toMatch(/needs agent\.options\.trainer/);
    expect(existsSync(out)).toBe(false);
    // The same command says the same thing again (not "already holds a run").
    expect(((await attempt().catch((caught: unknown) => caught)) as Error).message).toBe((error as Error).message);
  });

  it('in a folder that existed, removes only what it wrote', async () => {
    const root = scratch();
    const out = join(root, 'run');
    mkdirSync(out);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const config = configFile(root, bad);
    await expect(runCommand({ preset: 'student', config, out, quiet: true, overrides: {} })).rejects.toThrow(
      GenEnvError,
    );
    expect(readdirSync(out)).toEqual(['notes.txt']);
    const { summary } = await runCommand({
      preset: 'student',
      out,
      quiet: true,
      skipReport: true,
      overrides: { epochs: 1 },
    });
    expect(summary.completedEpochs).toBe(1);
  });
});

describe('genenv run: an offline teacher takes generation options', () => {
  it('offline.options reach the teacher (max_tokens and concurrency on the wire)', async () => {
    const server = await startScriptedServer({
      models: ['teacher'],
      chat: () => [{ content: '{"kind": "add", "operands": 2, "digits": 1}' }],
    });
    servers.push(server);
    const root = scratch();
    const config = configFile(root, {
      variant: 'offline',
      tasksPerEpoch: 4,
      offline: { source: `openai:${server.baseUrl}#teacher`, options: { maxTokens: 77, concurrency: 1 } },
    });
    const { summary } = await runCommand({
      preset: 'student',
      config,
      out: join(root, 'run'),
      quiet: true,
      skipReport: true,
      overrides: { epochs: 1 },
    });
    expect(summary.completedEpochs).toBe(1);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((request) => (request.body as { max_tokens: number }).max_tokens === 77)).toBe(true);
    expect(server.peakInFlight()).toBe(1);
  });
});
