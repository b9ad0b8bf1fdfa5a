/**
 * The real peer for genenv's OpenAI-compatible path: llama.cpp's llama-server as built by
 * ../shared/tools/llama-server-peer.sh (`build`, `model`, `start`). The suite talks to the server at
 * GENENV_PEER_URL; with LLAMA_PEER_DIR (the script's scratch folder) it also starts servers of its own,
 * with the script's settings, to kill and restart them, or with a 4,096-token context.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** GENENV_PEER_URL: base URL (with /v1) of a running peer, or undefined (the suite is skipped). */
export const PEER_URL = process.env.GENENV_PEER_URL?.replace(/\/+$/, '');
/** The peer script's scratch folder, when its server binary and models are there. */
export const PEER_DIR = (() => {
  const folder = process.env.LLAMA_PEER_DIR;
  if (!folder) return undefined;
  return existsSync(join(folder, 'llama.cpp/build/bin/llama-server')) && existsSync(join(folder, 'models'))
    ? folder
    : undefined;
})();
/** The model name the peer serves (the script's `--alias`). */
export const PEER_MODEL = 'tiny-llama';

/** The adapters the script preloads, ids 0 and 1. */
export function peerAdapters(folder: string): [string, string] {
  return [join(folder, 'models/lora-a.gguf'), join(folder, 'models/lora-b.gguf')];
}

export interface PeerServer {
  baseUrl: string;
  /** SIGKILL, as a crash (in-flight requests see their connection reset). */
  kill(): Promise<void>;
  /** Starts it again on the same port, with the same arguments. */
  restart(): Promise<void>;
}

/**
 * Starts llama-server on `port` as the script does (but with one thread). `shortContext`: one slot of 4,096 tokens (the model's
 * training context, no override), where BFCL's ~5k-token prompts do not fit.
 */
export async function startPeerServer(folder: string, port: number, shortContext = false): Promise<PeerServer> {
  const models = join(folder, 'models');
  const context = shortContext
    ? ['-np', '1', '-c', '4096']
    : ['--override-kv', 'llama.context_length=int:32768', '-np', '4', '-c', '131072'];
  const args = [
    '-m',
    join(models, 'llama-2-tiny-random-nsp.gguf'),
    ...context,
    '--alias',
    PEER_MODEL,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--jinja',
    '--chat-template-file',
    join(models, 'qwen2.5.jinja'),
    '-n',
    '512',
    // One thread, not the script's two: on a busy machine ggml's spinning thread barrier made each
    // generated token cost about a second with two threads, against tens of milliseconds with one.
    '-t',
    '1',
    '--no-webui',
    '--lora',
    peerAdapters(folder).join(','),
    '--lora-init-without-apply',
  ];
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(join(folder, 'llama.cpp/build/bin/llama-server'), args, { stdio: 'ignore' });
    await waitForHealth(port);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  const restart = async () => {
    await kill();
    await start();
  };
  return { baseUrl: `http://127.0.0.1:${port}/v1`, kill, restart };
}

async function waitForHealth(port: number): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`llama-server on port ${port} did not become healthy in 30 s`);
}
