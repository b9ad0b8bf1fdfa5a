import { Worker } from 'node:worker_threads';
import type { RwrOptions, RwrStats, WeightedSequence } from '../../algorithms/rwr.ts';
import type { SftOptions, SftStats } from '../../algorithms/sft.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AdamState } from '../../models/adam.ts';
import type { ScoredSequence } from '../../models/batching.ts';
import type { LanguageModel } from '../../models/language-model.ts';
import type { ModelConfig } from '../../models/model-config.ts';
import type { TokenizerState } from '../../models/tokenizer.ts';
import { workerEntry } from '../../util/worker-entry.ts';

/** What the thread trains: RWR against a reference, or supervised fine-tuning. */
export type UpdateTask =
  | { kind: 'rwr'; reference: Float32Array; records: WeightedSequence[]; options: RwrOptions }
  | { kind: 'sft'; sequences: ScoredSequence[]; options: SftOptions };

/** One update sent to the thread: copies of the model's weights and optimiser state, and the task. */
export interface UpdateJob {
  id: number;
  config: ModelConfig;
  tokenizer: TokenizerState;
  parameters: Float32Array;
  optimizer: AdamState;
  task: UpdateTask;
}

/** The thread's answer: the updated weights and optimiser state with the update's statistics, or why it failed. */
export type UpdateReply =
  | { id: number; stats: RwrStats | SftStats; parameters: Float32Array; optimizer: AdamState }
  | { id: number; error: string };

/**
 * A thread that trains the simulator while the calling thread goes on with the agent (its warm start, its GRPO
 * update), which needs nothing from it. It trains copies and the caller takes the results back into the model; a
 * training step on one thread gives the bits it gives on two, so where it runs changes the speed, never a result.
 */
export class UpdateThread {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (reply: UpdateReply) => void; reject: (error: Error) => void }
  >();

  constructor() {
    this.worker = new Worker(workerEntry('update-worker', import.meta.url));
    this.worker.on('message', (reply: UpdateReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      waiting.resolve(reply);
    });
    this.worker.on('error', (error) => this.failAll(`update thread crashed: ${error.message}`, error));
    // An exit with work pending (the thread killed, or closed mid-update) must not leave its caller waiting forever.
    this.worker.on('exit', (code) => this.failAll(`update thread exited (code ${code}) before its update finished`));
    // Idle, it must not keep the process alive; busy, it must (the caller awaits it).
    this.worker.unref();
  }

  /** `rwrUpdate(model, reference, records, options)` on the thread (see `train`). */
  rwr(model: LanguageModel, reference: LanguageModel, records: WeightedSequence[], options: RwrOptions) {
    return this.train(model, {
      kind: 'rwr',
      reference: new Float32Array(reference.parameters),
      records,
      options,
    }) as Promise<RwrStats>;
  }

  /** `supervisedFineTune(model, sequences, options)` on the thread (see `train`). */
  fineTune(model: LanguageModel, sequences: ScoredSequence[], options: SftOptions) {
    return this.train(model, { kind: 'sft', sequences, options }) as Promise<SftStats>;
  }

  /**
   * Starts `task` on the thread; the promise resolves once the results are in `model` (weights in place, a new
   * optimiser state). The model must not train or change meanwhile.
   */
  private train(model: LanguageModel, task: UpdateTask): Promise<RwrStats | SftStats> {
    const job: UpdateJob = {
      id: this.nextId++,
      config: model.config,
      tokenizer: model.tokenizer.toState(),
      parameters: new Float32Array(model.parameters),
      optimizer: {
        first: new Float32Array(model.optimizer.first),
        second: new Float32Array(model.optimizer.second),
        step: model.optimizer.step,
      },
      task,
    };
    const transfers = [job.parameters.buffer, job.optimizer.first.buffer, job.optimizer.second.buffer];
    if (task.kind === 'rwr') transfers.push(task.reference.buffer);
    const reply = new Promise<UpdateReply>((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(job, transfers as ArrayBuffer[]);
    });
    return reply.then((answer) => {
      if ('error' in answer) throw new GenEnvError('policy', `update thread failed: ${answer.error}`);
      model.parameters.set(answer.parameters);
      model.optimizer = answer.optimizer;
      return answer.stats;
    });
  }

  private failAll(message: string, cause?: unknown): void {
    for (const waiting of this.pending.values()) waiting.reject(new GenEnvError('policy', message, { cause }));
    this.pending.clear();
  }

  /** Stops the thread. Idempotent. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
