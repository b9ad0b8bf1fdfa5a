/**
 * genenv's OpenAI-compatible path against a real llama-server (see peer-server.ts and docs/design.md §9;
 * `npm run test:peer`, not part of `npm test`). Runs only when GENENV_PEER_URL is set. Tests that start, kill and restart servers of
 * their own also need LLAMA_PEER_DIR. GENENV_PEER_SEEDS / GENENV_PEER_EPOCHS size the co-evolution runs
 * (default 1 × 2; the check is 5 × 10).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlamaCppAdapterManager } from '../../src/external-trainers/llama-cpp-adapters.ts';
import type { AgentPrompt } from '../../src/interfaces/task.ts';
import { createOpenAIAgent } from '../../src/policies/openai/index.ts';
import { benchmarkData } from '../support/benchmark-data.ts';
import { runCli } from '../support/run-cli.ts';
import { PEER_DIR, PEER_MODEL, PEER_URL, type PeerServer, peerAdapters, startPeerServer } from './peer-server.ts';

if (!PEER_URL)
  console.warn(
    'skipping the llama-server peer suite: GENENV_PEER_URL is not set (docs/design.md §9 says how to start one)',
  );
else if (!PEER_DIR)
  console.warn('peer suite: LLAMA_PEER_DIR is not set; the kill/restart, two-URL and 4,096-token tests are skipped');

const SEEDS = Number(process.env.GENENV_PEER_SEEDS ?? 1);
const EPOCHS = Number(process.env.GENENV_PEER_EPOCHS ?? 2);
const MINUTE = 60_000;

const folders: string[] = [];
const started: PeerServer[] = [];
afterAll(async () => {
  for (const server of started.splice(0)) await server.kill();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'genenv-peer-'));
  folders.push(folder);
  return folder;
}
async function ownServer(port: number, shortContext = false): Promise<PeerServer> {
  const server = await startPeerServer(PEER_DIR!, port, shortContext);
  started.push(server);
  return server;
}

/** A toolworld run with both players on `urls`; the agent trained by a hook that returns the peer's adapters. */
function runConfig(urls: string[], seed: number, epochs: number): Record<string, unknown> {
  const spec = `openai:${urls.join(',')}#${PEER_MODEL}`;
  // Short answers: the random model always runs to max_tokens, and the peer shares a small machine.
  const connection = { maxTokens: 32, timeoutSeconds: 300, retryBaseSeconds: 1, maxRetries: 8 };
  // GENENV_EPOCH 0 (warm start), 1, 2, ...: lora-a on even epochs, lora-b on odd ones.
  const hook =
    'echo "$GENENV_EPOCH" >> "$PEER_EPOCHS_FILE"; ' +
    'if [ $((GENENV_EPOCH % 2)) -eq 0 ]; then echo "$PEER_LORA_A"; else echo "$PEER_LORA_B"; fi';
  return {
    preset: 'toolworld',
    seed,
    epochs,
    tasksPerEpoch: 3,
    variations: 1,
    samples: 2,
    heldOutLimit: 2,
    baseFraction: 0,
    rehearsal: 0,
    warmStartVariations: 1,
    agent: { policy: spec, options: { ...connection, trainer: { command: hook, adapters: 'llama-cpp' } } },
    simulator: { policy: spec, options: { ...connection, maxTokens: 96, exemplars: 2 } },
  };
}

interface RunFigures {
  epochs: number;
  proposals: number;
  invalidProposals: Record<string, number>;
  failedRollouts: Record<string, number>;
  traces: number;
  agentVersions: string[];
}

/** What a finished run holds: invalid proposals and failed rollouts counted by reason (numbers as N). */
function runFigures(directory: string): RunFigures {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true });
  const count = (rows: { reason: string | null; n: number }[]) => {
    const counts: Record<string, number> = {};
    for (const row of rows) {
      const reason = (row.reason ?? 'null').replace(/\d+/g, 'N').slice(0, 120);
      counts[reason] = (counts[reason] ?? 0) + row.n;
    }
    return counts;
  };
  try {
    const proposals = database
      .prepare(
        `SELECT coalesce(json_extract(sample, '$.failure'), reason) AS reason, count(*) AS n
         FROM proposals WHERE valid = 0 GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all() as { reason: string; n: number }[];
    const rollouts = database
      .prepare(
        `SELECT CASE WHEN json_extract(completion, '$.finishReason') LIKE 'error:%'
           THEN json_extract(completion, '$.finishReason') ELSE 'invalid: ' || invalid END AS reason, count(*) AS n
         FROM traces WHERE invalid IS NOT NULL OR json_extract(completion, '$.finishReason') LIKE 'error:%'
         GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all() as { reason: string; n: number }[];
    const traces = (database.prepare('SELECT count(*) AS n FROM traces').get() as { n: number }).n;
    const all = database.prepare("SELECT count(*) AS n FROM proposals WHERE source = 'simulator'").get() as {
      n: number;
    };
    const versions = database.prepare('SELECT DISTINCT agent_version AS v FROM traces ORDER BY 1').all() as {
      v: string;
    }[];
    const epochs = (database.prepare('SELECT count(*) AS n FROM epochs').get() as { n: number }).n;
    return {
      epochs,
      proposals: all.n,
      invalidProposals: count(proposals),
      failedRollouts: count(rollouts),
      traces,
      agentVersions: versions.map((row) => row.v),
    };
  } finally {
    database.close();
  }
}

/** Runs `genenv run`; `during` runs beside it once the hook has trained epoch `midEpoch` (mid-run). */
async function coevolve(
  urls: string[],
  seed: number,
  epochs: number,
  during?: { midEpoch: number; action: () => Promise<void> },
) {
  const folder = scratch();
  const config = join(folder, 'config.json');
  writeFileSync(config, JSON.stringify(runConfig(urls, seed, epochs)));
  const [loraA, loraB] = PEER_DIR ? peerAdapters(PEER_DIR) : await preloadedPaths(urls[0]!);
  const epochsFile = join(folder, 'hook-epochs');
  const running = runCli(['run', '--config', config, '--out', join(folder, 'run'), '--no-report'], {
    PEER_LORA_A: loraA,
    PEER_LORA_B: loraB,
    PEER_EPOCHS_FILE: epochsFile,
  });
  if (during) {
    let finished = false;
    void running.then(() => {
      finished = true;
    });
    while (!finished && !readLines(epochsFile).includes(String(during.midEpoch)))
      await new Promise((resolve) => setTimeout(resolve, 200));
    if (!finished) await during.action();
  }
  const result = await running;
  return { result, directory: join(folder, 'run'), hookEpochs: readLines(epochsFile) };
}

function readLines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];
}

async function preloadedPaths(baseUrl: string): Promise<[string, string]> {
  const entries = (await (await fetch(`${baseUrl.replace(/\/v1$/, '')}/lora-adapters`)).json()) as { path: string }[];
  return [entries[0]!.path, entries[1]!.path];
}

describe.skipIf(!PEER_URL)('genenv against a real llama-server', () => {
  it.each(['api-bank', 'bfcl', 'bamboogle', 'travelplanner', 'alfworld'])(
    'genenv eval --benchmark %s completes with a small limit',
    async (benchmark) => {
      // Without the data the helper says why and how to get it; GENENV_REQUIRE_DATA=1 makes that a failure.
      const data = benchmarkData(benchmark);
      if (data.skip) return;
      const out = join(scratch(), benchmark);
      const policy = `openai:${PEER_URL}#${PEER_MODEL}`;
      const result = await runCli([
        ...['eval', '--benchmark', benchmark, '--policy', policy, '--data', data.path],
        ...['--limit', '2', '--max-tokens', '48', '--timeout', '120', '--concurrency', '4', '--out', out, '--json'],
      ]);
      expect(result.code, result.stderr).toBe(0);
      const summary = JSON.parse(result.stdout) as { accuracy: number };
      expect(summary.accuracy).toBeGreaterThanOrEqual(0);
      expect(readLines(join(out, 'items.jsonl')).length).toBeGreaterThan(0);
    },
    5 * MINUTE,
  );

  it(
    'no request uses an adapter it did not name (outputs with and without adapters compared)',
    async () => {
      await expectAdaptersNamed(PEER_URL!);
    },
    2 * MINUTE,
  );

  it(
    `co-evolution with both players on the server: ${SEEDS} seed(s) × ${EPOCHS} epochs complete`,
    async () => {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const { result, directory, hookEpochs } = await coevolve([PEER_URL!], seed, EPOCHS);
        expect(result.code, result.stderr).toBe(0);
        const figures = runFigures(directory);
        console.log(`peer run seed ${seed}: ${JSON.stringify(figures)}`);
        expect(figures.epochs).toBe(EPOCHS + 1);
        // The hook sees the loop's epochs: 0 (warm start), then every epoch with an agent update.
        expect(hookEpochs[0]).toBe('0');
        expect(hookEpochs.map(Number)).toEqual([...hookEpochs.map(Number)].sort((a, b) => a - b));
        expect(figures.agentVersions.every((version) => /^agent-v\d+$/.test(version))).toBe(true);
      }
    },
    SEEDS * EPOCHS * 2 * MINUTE + 2 * MINUTE,
  );
});

describe.skipIf(!PEER_URL || !PEER_DIR)('genenv against llama-servers it starts, kills and restarts', () => {
  it(
    'adapters are named in every request, also after a server restart',
    async () => {
      const server = await ownServer(18_091);
      await expectAdaptersNamed(server.baseUrl);
      await server.restart();
      await expectAdaptersNamed(server.baseUrl);
      await server.kill();
    },
    3 * MINUTE,
  );

  it(
    'a run whose server is killed and restarted mid-run completes',
    async () => {
      const server = await ownServer(18_092);
      const { result, directory, hookEpochs } = await coevolve([server.baseUrl], 1, 4, {
        midEpoch: 1,
        action: async () => {
          await server.kill();
          await new Promise((resolve) => setTimeout(resolve, 3000));
          await server.restart();
        },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(hookEpochs).toContain('4');
      console.log(`peer run with a restart: ${JSON.stringify(runFigures(directory))}`);
      await server.kill();
    },
    10 * MINUTE,
  );

  it(
    'two base URLs, one killed mid-run: the run completes on the other and says so once',
    async () => {
      const doomed = await ownServer(18_093);
      const { result, directory, hookEpochs } = await coevolve([PEER_URL!, doomed.baseUrl], 2, 4, {
        midEpoch: 1,
        action: () => doomed.kill(),
      });
      expect(result.code, result.stderr).toBe(0);
      expect(hookEpochs).toContain('4');
      const said = result.stderr.split('\n').filter((line) => line.includes(`${doomed.baseUrl} does not answer`));
      console.log(`peer two-URL run: ${said.join(' | ')}; ${JSON.stringify(runFigures(directory))}`);
      expect(said).toHaveLength(1);
    },
    10 * MINUTE,
  );

  it(
    'genenv eval --benchmark bfcl against a 4,096-token server: long items fail with the reason',
    async () => {
      const bfcl = benchmarkData('bfcl');
      if (bfcl.skip) return;
      const server = await ownServer(18_094, true);
      const out = join(scratch(), 'bfcl');
      const result = await runCli([
        ...['eval', '--benchmark', 'bfcl', '--policy', `openai:${server.baseUrl}#${PEER_MODEL}`],
        ...['--data', bfcl.path, '--limit', '5', '--max-tokens', '48', '--out', out, '--json'],
      ]);
      expect(result.code, result.stderr).toBe(0);
      const summary = JSON.parse(result.stdout) as { failedGenerations?: number; notes: string[] };
      const items = readLines(join(out, 'items.jsonl')).map(
        (line) => JSON.parse(line) as { details?: { failedGenerations?: string[] } },
      );
      const failed = items.filter((item) => item.details?.failedGenerations);
      console.log(`peer bfcl on 4,096 tokens: ${items.length} items, ${failed.length} failed; ${summary.notes.at(-1)}`);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed[0]!.details!.failedGenerations![0]).toMatch(/exceeds the available context size \(4096 tokens\)/);
      await server.kill();
    },
    10 * MINUTE,
  );
});

const probe: AgentPrompt = {
  id: 'peer-probe',
  family: 'peer',
  text: 'Say something.',
  messages: [{ role: 'user', content: 'Say something about the weather in Paris.' }],
  reference: { answer: '', difficulty: 0 },
};

/**
 * On `baseUrl`: genenv's base-model request gives what an explicit all-zero `lora` list gives and not what
 * the server's global scales (1.0) give; its adapter request gives what that adapter alone gives.
 */
async function expectAdaptersNamed(baseUrl: string): Promise<void> {
  const origin = baseUrl.replace(/\/v1$/, '');
  const globals = (await (await fetch(`${origin}/lora-adapters`)).json()) as { id: number; scale: number }[];
  expect(globals.length).toBeGreaterThanOrEqual(2);
  expect(globals.every((adapter) => adapter.scale === 1)).toBe(true);
  const agent = await createOpenAIAgent({
    spec: `openai:${baseUrl}#${PEER_MODEL}`,
    options: { maxTokens: 12, logprobs: true },
    seed: 1,
  });
  try {
    const sample = async () => (await agent.act([probe], { samples: 1, seed: 7, temperature: 0 }))[0]![0]!;
    const raw = async (lora?: { id: number; scale: number }[]) => {
      const response = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: PEER_MODEL,
          messages: probe.messages,
          max_tokens: 12,
          temperature: 0,
          seed: 7,
          logprobs: true,
          ...(lora ? { lora } : {}),
        }),
      });
      const body = (await response.json()) as {
        choices: { message: { content: string }; logprobs: { content: { logprob: number }[] } }[];
      };
      return body.choices[0]!.logprobs.content.map((entry) => entry.logprob);
    };
    const base = (await sample()).logprobs;
    const zero = await raw(globals.map(({ id }) => ({ id, scale: 0 })));
    const global = await raw();
    expect(base).toEqual(zero.slice(0, base!.length));
    expect(global).not.toEqual(zero);
    const manager = new LlamaCppAdapterManager([baseUrl]);
    const [, loraB] = await preloadedPaths(baseUrl);
    await manager.load('agent-v1', loraB);
    agent.useAdapter('agent-v1', manager);
    const adapted = await sample();
    expect(adapted.policyVersion).toBe('agent-v1');
    const onlyB = await raw(globals.map(({ id }) => ({ id, scale: id === 1 ? 1 : 0 })));
    expect(adapted.logprobs).toEqual(onlyB.slice(0, adapted.logprobs!.length));
    expect(onlyB).not.toEqual(zero);
  } finally {
    await agent.close();
  }
}
