import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ScoredSequence } from './batching.ts';
import type { ModelConfig } from './model-config.ts';
import type { ScoreOptions, SequenceScores } from './scoring.ts';
import type { TrainingRequest, TrainingWorkerData } from './training-worker-body.ts';
import { workerEntry } from '../util/worker-entry.ts';

/**
 * A second thread for training steps, driven synchronously: the main thread posts half a batch, works on
 * the other half, then blocks (Atomics.wait) until the worker's reply is there and takes it with
 * receiveMessageOnPort. Weights live in a SharedArrayBuffer both threads read; the worker's gradients in
 * another, which the main thread adds to its own. The split and the summation order are fixed, so results
 * are deterministic for a given thread count.
 */
export class TrainingHelper {
  readonly parameters: Float32Array;
  readonly gradients: Float32Array;
  private readonly flag: Int32Array;
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private pending = false;

  constructor(config: ModelConfig, initial: Float32Array) {
    this.parameters = new Float32Array(new SharedArrayBuffer(initial.byteLength));
    this.parameters.set(initial);
    this.gradients = new Float32Array(new SharedArrayBuffer(initial.byteLength));
    this.flag = new Int32Array(new SharedArrayBuffer(4));
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
    Atomics.store(this.flag, 0, 0);
    this.pending = true;
    this.port.postMessage(request);
  }

  private wait<T>(): T {
    // Blocks this thread until the worker has posted its reply (startup included).
    while (Atomics.load(this.flag, 0) === 0) Atomics.wait(this.flag, 0, 0, 1000);
    this.pending = false;
    const received = receiveMessageOnPort(this.port);
    if (!received) throw new Error('training worker replied without a message');
    const reply = received.message as T & { error?: string };
    if (reply.error !== undefined) throw new Error(`training worker: ${reply.error}`);
    return reply;
  }

  /** Scores `sequences` on the helper, under the shared weights or, without a backward, under `weights`. */
  postScore(sequences: ScoredSequence[], options: ScoreOptions, weights?: SharedArrayBuffer): void {
    this.post({ kind: 'score', sequences, options, weights });
  }

  waitScore(): SequenceScores {
    return this.wait<SequenceScores>();
  }

  postBackward(gradLogprob: Float32Array[], gradEntropy: Float32Array[] | null): void {
    this.post({ kind: 'backward', gradLogprob, gradEntropy });
  }

  waitBackward(): void {
    this.wait<unknown>();
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
