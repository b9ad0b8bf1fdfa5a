import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ScoredSequence } from './batching.ts';
import type { ModelConfig } from './model-config.ts';
import type { ScoreOptions, SequenceScores } from './scoring.ts';
import type { TrainingRequest, TrainingWorkerData } from './training-worker-body.ts';
import { workerEntry } from '../util/worker-entry.ts';
import { helpWhileWaiting } from './kernels.ts';
import { HELP_IDLE_SECONDS, HELP_MINIMUM_TOKENS, REPLY, WAITS } from './training-signals.ts';

/**
 * A second thread for training steps, driven synchronously: the main thread posts half a batch, works on
 * the other half, then waits until the worker's reply is there and takes it with receiveMessageOnPort. Whichever
 * thread finishes its half first takes tasks of the other's matrix products, attention and element-wise kernels
 * until the other is done (helpWhileWaiting; on a virtual machine one core is often slower than the other, and the
 * step would wait for it) while the other has tasks to share, in halves of at least HELP_MINIMUM_TOKENS tokens; then
 * the main thread sleeps (Atomics.wait) if it must wait longer. Weights live in a SharedArrayBuffer both threads
 * read; the worker's gradients in another, which the main thread adds to its own. The split and the summation order
 * are fixed, and a kernel's results do not depend on which thread runs its tasks, so results are deterministic for a
 * given thread count.
 */
export class TrainingHelper {
  readonly parameters: Float32Array;
  readonly gradients: Float32Array;
  private readonly flag: Int32Array;
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private pending = false;
  /** Whether the threads help each other with the request in flight (and the backward of the latest score). */
  private helping = false;

  constructor(config: ModelConfig, initial: Float32Array) {
    this.parameters = new Float32Array(new SharedArrayBuffer(initial.byteLength));
    this.parameters.set(initial);
    this.gradients = new Float32Array(new SharedArrayBuffer(initial.byteLength));
    this.flag = new Int32Array(new SharedArrayBuffer(8));
    const channel = new MessageChannel();
    this.port = channel.port1;
    const workerData: TrainingWorkerData = {
      config,
      parameters: this.parameters.buffer as SharedArrayBuffer,
      gradients: this.gradients.buffer as SharedArrayBuffer,
      flag: this.flag.buffer as SharedArrayBuffer,
      port: channel.port2,
    };
    this.worker = new Worker(workerEntry('training-worker', import.meta.url), {
      workerData,
      transferList: [channel.port2],
    });
    this.worker.unref();
  }

  private post(request: TrainingRequest): void {
    if (this.pending) throw new Error('training worker already busy');
    Atomics.store(this.flag, REPLY, 0);
    this.pending = true;
    this.port.postMessage(request);
  }

  private wait<T>(): T {
    // This thread's half is done: the worker stops helping with it (it helps until the count of waits passes the
    // request's), and this thread helps the worker instead until its reply is there, then sleeps if it must.
    Atomics.add(this.flag, WAITS, 1);
    if (!this.helping || !helpWhileWaiting(this.flag, REPLY, 0, HELP_IDLE_SECONDS))
      while (Atomics.load(this.flag, REPLY) === 0) Atomics.wait(this.flag, REPLY, 0, 1000);
    this.pending = false;
    const received = receiveMessageOnPort(this.port);
    if (!received) throw new Error('training worker replied without a message');
    const reply = received.message as T & { error?: string };
    if (reply.error !== undefined) throw new Error(`training worker: ${reply.error}`);
    return reply;
  }

  /** Scores `sequences` on the helper, under the shared weights or, without a backward, under `weights`. */
  postScore(sequences: ScoredSequence[], options: ScoreOptions, weights?: SharedArrayBuffer): void {
    const tokens = sequences.reduce((sum, sequence) => sum + sequence.tokens.length, 0);
    this.helping = tokens >= HELP_MINIMUM_TOKENS;
    this.post({ kind: 'score', sequences, options, weights, waits: this.nextWaits(), help: this.helping });
  }

  waitScore(): SequenceScores {
    return this.wait<SequenceScores>();
  }

  postBackward(gradLogprob: Float32Array[], gradEntropy: Float32Array[] | null): void {
    this.post({ kind: 'backward', gradLogprob, gradEntropy, waits: this.nextWaits(), help: this.helping });
  }

  /** The count of waits once this thread waits for the request about to be posted (only this thread adds to it). */
  private nextWaits(): number {
    return (Atomics.load(this.flag, WAITS) + 1) | 0;
  }

  waitBackward(): void {
    this.wait<unknown>();
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
