import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchmarkData } from '../../test/support/benchmark-data.ts';
import { startScriptedServer, type ScriptedServer } from '../../test/support/openai-server/server.ts';
import { evalCommand } from './eval-command.ts';

const bfcl = benchmarkData('bfcl');

const servers: ScriptedServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(bfcl.skip)(bfcl.title('genenv eval against a llama-server with a short context'), () => {
  it('prompts longer than the context fail their items with the reason; the rest are scored', async () => {
    // A token is a character on the scripted server: BFCL's first prompts are 21k–42k long, about
    // half of them fit in 30,000.
    const server = await startScriptedServer({
      llama: { contextTokens: 30_000 },
      chat: () => [{ content: 'no call' }],
    });
    servers.push(server);
    const out = mkdtempSync(join(tmpdir(), 'genenv-eval-command-'));
    folders.push(out);
    const summary = JSON.parse(
      await evalCommand({
        benchmark: 'bfcl',
        policy: `openai:${server.baseUrl}#tiny`,
        data: bfcl.path,
        limit: 6,
        out,
        seed: 1,
        json: true,
        maxTokens: 16,
        timeout: 30,
        concurrency: 2,
      }),
    ) as { failedGenerations: number; notes: string[] };
    const items = readFileSync(join(out, 'items.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { correct: boolean; details: { failedGenerations?: string[] } });
    const failed = items.filter((item) => item.details.failedGenerations);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(items.length);
    for (const item of failed) {
      expect(item.correct).toBe(false);
      expect(item.details.failedGenerations![0]).toMatch(
        /^HTTP 400: request \(\d+ tokens\) exceeds the available context size \(30000 tokens\), try increasing it$/,
      );
    }
    expect(summary.failedGenerations).toBeGreaterThanOrEqual(failed.length);
    expect(summary.notes.at(-1)).toMatch(
      /^\d+ generations? failed \(scored as wrong\): HTTP N: request \(N tokens\) exceeds the available context size/,
    );
    // The generation flags reach the wire and the pool.
    expect(server.requests.every((request) => (request.body as { max_tokens: number }).max_tokens === 16)).toBe(true);
    expect(server.peakInFlight()).toBeLessThanOrEqual(2);
  });
});

// Options are checked before the data is looked for: these hold without any benchmark data.
describe('genenv eval generation flags', () => {
  it('are refused for policies that are not openai:', async () => {
    await expect(evalCommand({ benchmark: 'bfcl', policy: 'oracle', seed: 1, maxTokens: 10 })).rejects.toThrow(
      '--max-tokens, --timeout and --concurrency apply to openai: policies only',
    );
  });

  it('bad values are one config line', async () => {
    await expect(
      evalCommand({ benchmark: 'bfcl', policy: 'openai:http://127.0.0.1:9/v1#m', seed: 1, timeout: -1 }),
    ).rejects.toThrow(/^agent\.options\.timeoutSeconds: /);
  });
});

describe('genenv eval without --data', () => {
  it('reads the data folder and names the command that fetches a missing dataset', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'genenv-eval-data-'));
    folders.push(folder);
    const before = process.env.GENENV_DATA_DIR;
    process.env.GENENV_DATA_DIR = folder;
    try {
      await expect(evalCommand({ benchmark: 'bamboogle', policy: 'oracle', seed: 1 })).rejects.toThrow(
        `no bamboogle data in ${join(folder, 'bamboogle')}: run genenv data fetch bamboogle (or pass --data <folder>)`,
      );
    } finally {
      if (before === undefined) delete process.env.GENENV_DATA_DIR;
      else process.env.GENENV_DATA_DIR = before;
    }
  });
});
