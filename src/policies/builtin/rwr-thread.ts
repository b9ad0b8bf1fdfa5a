import { Worker } from 'node:worker_threads';
import type { RwrOptions, RwrStats, WeightedSequence } from '../../algorithms/rwr.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AdamState } from '../../models/adam.ts';
import type { LanguageModel } from '../../models/language-model.ts';
import type { ModelConfig } from '../../models/model-config.ts';
import type { TokenizerState } from '../../models/tokenizer.ts';
import { workerEntry } from '../../util/worker-entry.ts';

/** One RWR update sent to the thread: copies of the model's weights, optimiser state and reference. */
export interface RwrJob {
  id: number;
  config: ModelConfig;
  tokenizer: TokenizerState;
  parameters: Float32Array;
  optimizer: AdamState;
  reference: Float32Array;
  records: WeightedSequence[];
  options: RwrOptions;
}

/** The thread's answer: the updated weights and optimiser state with the update's statistics, or why it failed. */
export type RwrReply =
  | { id: number; stats: RwrStats; parameters: Float32Array; optimizer: AdamState }
  | { id: number; error: string };

/**
 * A thread that runs the simulator's RWR update while the calling thread goes on (with the agent's GRPO of the same
 * epoch, which needs nothing from it). It updates copies and the caller takes the results back into the model;
 * `rwrUpdate` on one thread gives the bits it gives on two, so where it runs changes the speed, never a result.
 */
export class RwrThread {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (reply: RwrReply) => void; reject: (error: Error) => void }>();

  constructor() {
    this.worker = new Worker(workerEntry('rwr-worker', import.meta.url));
    this.worker.on('message', (reply: RwrReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      waiting.resolve(reply);
    });
    this.worker.on('error', (error) => {
      for (const waiting of this.pending.values())
        waiting.reject(new GenEnvError('policy', `RWR thread crashed: ${error.message}`, { cause: error }));
      this.pending.clear();
    });
    // Idle, it must not keep the process alive; busy, it must (the caller awaits it).
    this.worker.unref();
  }

  /**
   * Starts `rwrUpdate(model, reference, records, options)` on the thread; the promise resolves once the results are
   * in `model` (weights in place, a new optimiser state). The model must not train or change meanwhile.
   */
  update(
    model: LanguageModel,
    reference: LanguageModel,
    records: WeightedSequence[],
    options: RwrOptions,
  ): Promise<RwrStats> {
    const job: RwrJob = {
      id: this.nextId++,
      config: model.config,
      tokenizer: model.tokenizer.toState(),
      parameters: new Float32Array(model.parameters),
      optimizer: {
        first: new Float32Array(model.optimizer.first),
        second: new Float32Array(model.optimizer.second),
        step: model.optimizer.step,
      },
      reference: new Float32Array(reference.parameters),
      records,
      options,
    };
    const reply = new Promise<RwrReply>((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(job, [
        job.parameters.buffer as ArrayBuffer,
        job.optimizer.first.buffer as ArrayBuffer,
        job.optimizer.second.buffer as ArrayBuffer,
        job.reference.buffer as ArrayBuffer,
      ]);
    });
    return reply.then((answer) => {
      if ('error' in answer) throw new GenEnvError('policy', `RWR thread failed: ${answer.error}`);
      model.parameters.set(answer.parameters);
      model.optimizer = answer.optimizer;
      return answer.stats;
    });
  }

  /** Stops the thread. Idempotent. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
