/**
 * The trainer hook: a shell command the user supplies (e.g. a TRL/verl/OpenRLHF launch script), run once
 * per epoch after the export. It receives the exported paths in environment variables and prints the
 * path of the new LoRA adapter as the last line of its standard output.
 *
 * Environment: GENENV_ROLE (agent|simulator), GENENV_EPOCH, GENENV_FORMAT, GENENV_TRAIN_FILE,
 * GENENV_ENV_FILE (weighted SFT of D_env), GENENV_SFT_FILE (agent demonstrations: the warm start, or an update's
 * rehearsal of D_train), GENENV_MANIFEST, GENENV_OUTPUT_DIR (where to write the adapter), GENENV_PREVIOUS_ADAPTER.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GenEnvError } from '../interfaces/errors.ts';
import type { ExportedPaths } from './export-training-sets.ts';

export interface TrainerHookInput {
  command: string;
  role: 'agent' | 'simulator';
  epoch: number;
  exported: ExportedPaths;
  /** Folder the hook should write the adapter into (created by the caller or the hook). */
  outputDir: string;
  previousAdapter?: string;
  /** Wall-clock limit in seconds (default: none). */
  timeoutSeconds?: number;
  /** Working directory of the command (default: the current one); relative adapter paths resolve against it. */
  cwd?: string;
}

/** Runs the hook; resolves to the absolute adapter path it printed, after checking it exists. */
export async function runTrainerHook(input: TrainerHookInput): Promise<string> {
  const cwd = input.cwd ?? process.cwd();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    GENENV_ROLE: input.role,
    GENENV_EPOCH: String(input.epoch),
    GENENV_FORMAT: input.exported.format,
    GENENV_TRAIN_FILE: input.exported.train ?? '',
    GENENV_ENV_FILE: input.exported.env ?? '',
    GENENV_SFT_FILE: input.exported.sft ?? '',
    GENENV_MANIFEST: input.exported.manifest,
    GENENV_OUTPUT_DIR: input.outputDir,
    GENENV_PREVIOUS_ADAPTER: input.previousAdapter ?? '',
  };
  const { code, signal, stdout, stderr } = await new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((done, fail) => {
    // Own process group, so a timeout stops the whole training job, not just the shell.
    const child = spawn('/bin/sh', ['-c', input.command], {
      cwd,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let error = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: training logs can be long.
      error = (error + chunk.toString('utf8')).slice(-4096);
    });
    const timer =
      input.timeoutSeconds === undefined
        ? undefined
        : setTimeout(() => {
            try {
              if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
            } catch {
              child.kill('SIGTERM');
            }
          }, input.timeoutSeconds * 1000);
    child.on('error', (cause) => {
      if (timer) clearTimeout(timer);
      fail(new GenEnvError('policy', `trainer hook could not start: ${cause.message}`, { cause }));
    });
    child.on('close', (exitCode, exitSignal) => {
      if (timer) clearTimeout(timer);
      done({ code: exitCode, signal: exitSignal, stdout: out, stderr: error });
    });
  });
  const lastLine = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .pop() ?? '';
  if (signal !== null)
    throw new GenEnvError(
      'policy',
      `trainer hook (${input.role}, epoch ${input.epoch}) was stopped by ` +
        `${signal}${input.timeoutSeconds !== undefined ? ` (limit ${input.timeoutSeconds} s)` : ''}`,
    );
  if (code !== 0) {
    const detail = lastLine(stderr) || lastLine(stdout);
    throw new GenEnvError(
      'policy',
      `trainer hook (${input.role}, epoch ${input.epoch}) exited with code ` +
        `${code}${detail ? `: ${detail.slice(0, 300)}` : ''}`,
    );
  }
  const printed = lastLine(stdout);
  if (printed.length === 0)
    throw new GenEnvError('policy', `trainer hook (${input.role}, epoch ${input.epoch}) printed no adapter path`);
  const adapterPath = resolve(cwd, printed);
  validateAdapterPath(adapterPath, input);
  return adapterPath;
}

/**
 * A LoRA adapter is a PEFT folder (with adapter_config.json, what vLLM loads) or a single file (GGUF for llama.cpp).
 */
function validateAdapterPath(path: string, input: TrainerHookInput): void {
  const where = `trainer hook (${input.role}, epoch ${input.epoch}) printed "${path}"`;
  if (!existsSync(path)) throw new GenEnvError('policy', `${where}, which does not exist`);
  if (statSync(path).isDirectory() && !existsSync(join(path, 'adapter_config.json'))) {
    throw new GenEnvError('policy', `${where}, a folder without adapter_config.json (not a PEFT LoRA adapter)`);
  }
}
