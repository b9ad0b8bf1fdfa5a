import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TORCH_PEER_FOLDER } from './torch-python.ts';

/**
 * A running torch-peer/step_server.py: PyTorch's training step on genenv's bench model, asked for one JSON line at a
 * time. Its thread count is fixed when it starts (the OpenMP, OpenBLAS and MKL variables and torch.set_num_threads),
 * so that every library under torch keeps to it. Its idle OpenMP threads sleep (OMP_WAIT_POLICY=PASSIVE, unless the
 * environment sets a policy), as genenv's do: measured on the shared 2-core machine (load ≈ 20), spinning ones made
 * PyTorch's two-thread step 10× slower (3.6 s against 0.34 s), while a sleeping thread's wake-up costs microseconds.
 */
export class TorchStepServer {
  private readonly replies: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  private stderr = '';
  private exited: Error | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.replies.shift()?.resolve(line));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    child.on('exit', (code) => {
      this.exited = new Error(`the PyTorch step server exited (${code}): ${this.stderr.trim().split('\n').at(-1)}`);
      for (const reply of this.replies.splice(0)) reply.reject(this.exited);
    });
  }

  /** Starts a server on `threads` threads under `python` (one that imports torch). */
  static start(python: string, threads: number): TorchStepServer {
    const count = String(threads);
    const child = spawn(python, [join(TORCH_PEER_FOLDER, 'step_server.py')], {
      env: {
        ...process.env,
        OMP_NUM_THREADS: count,
        OPENBLAS_NUM_THREADS: count,
        MKL_NUM_THREADS: count,
        OMP_WAIT_POLICY: process.env.OMP_WAIT_POLICY ?? 'PASSIVE',
        GENENV_TORCH_THREADS: count,
      },
    });
    return new TorchStepServer(child);
  }

  /** Sends one request and waits for its reply line. */
  request<T>(message: Record<string, unknown>): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise<string>((resolve, reject) => {
      this.replies.push({ resolve, reject });
      this.child.stdin.write(`${JSON.stringify(message)}\n`);
    }).then((line) => JSON.parse(line) as T);
  }

  /** Ends the server (its stdin closed) and waits for it to exit. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end();
    await exit;
  }
}
