import { Worker } from 'node:worker_threads';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { GeneratedSequence, GenerationOptions, GenerationRequest } from '../../models/generation.ts';
import type { LanguageModel } from '../../models/language-model.ts';
import type { ModelConfig } from '../../models/model-config.ts';
import type { TokenizerState } from '../../models/tokenizer.ts';
import { workerEntry } from '../../util/worker-entry.ts';

/** One sampling job sent to a worker: a contiguous slice of the requests with its global first index. */
export interface SamplerJob {
  id: number;
  config: ModelConfig;
  tokenizer: TokenizerState;
  parameters: Float32Array;
  requests: GenerationRequest[];
  options: GenerationOptions;
}

/**
 * Slices of a sampling call per worker, handed out as workers free up: more slices balance the workers better,
 * fewer keep each worker's batches larger. A speed setting only.
 */
export const slicesPerWorker = 4;

type Reply = { id: number; results?: GeneratedSequence[]; error?: string };

/** A caller waiting for one slice's results. */
interface Waiting {
  resolve: (value: GeneratedSequence[]) => void;
  reject: (error: Error) => void;
}

/**
 * Spreads batched sampling over worker threads in contiguous slices; request i keeps its
 * random stream deriveSeed(seed, i) and each sequence's forward pass reads only its own rows, so the output is
 * identical to sampling in process, whatever the number of workers and slices.
 */
export class SamplerPool {
  private readonly workers: Worker[];
  private nextId = 0;
  /** Slices waiting for a worker, oldest call first. */
  private readonly queue: { job: SamplerJob; waiting: Waiting }[] = [];
  /** The slice each busy worker is sampling. */
  private readonly running = new Map<Worker, Waiting>();

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(workerEntry('sampler-worker', import.meta.url));
      worker.on('message', (reply: Reply) => {
        const waiting = this.running.get(worker);
        this.running.delete(worker);
        this.dispatch();
        if (!waiting) return;
        if (reply.error !== undefined)
          waiting.reject(new GenEnvError('policy', `sampling worker failed: ${reply.error}`));
        else waiting.resolve(reply.results!);
      });
      worker.on('error', (error) => this.failAll(`sampling worker crashed: ${error.message}`, error));
      // A worker that exits (closed, or killed) must not leave the slices in flight or queued waiting forever.
      worker.on('exit', (code) => this.failAll(`sampling worker exited (code ${code}) before its slices were sampled`));
      // An idle worker must not keep the process alive; a busy one must (see dispatch), or a CLI run whose
      // only pending work is a sampling job would see its event loop empty and exit mid-run.
      worker.unref();
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Samples `requests` from `model` (its weights are copied to each worker). The requests are cut into
   * `slicesPerWorker` contiguous slices per worker, queued behind those of earlier calls, and each worker takes the
   * next slice when it finishes one: a worker whose rollouts end early does not wait for the other, and a call made
   * while another is in flight keeps the workers busy while the first call's results are used. The results are the
   * same for any cut and any order.
   */
  async generate(
    model: LanguageModel,
    requests: GenerationRequest[],
    options: GenerationOptions,
  ): Promise<GeneratedSequence[]> {
    if (requests.length === 0) return [];
    const slices = Math.min(this.workers.length * slicesPerWorker, requests.length);
    const sliceSize = Math.ceil(requests.length / slices);
    const tokenizer = model.tokenizer.toState();
    const parts: Promise<GeneratedSequence[]>[] = [];
    for (let start = 0; start < requests.length; start += sliceSize) {
      const job: SamplerJob = {
        id: this.nextId++,
        config: model.config,
        tokenizer,
        parameters: new Float32Array(model.parameters),
        requests: requests.slice(start, start + sliceSize),
        options: { ...options, firstIndex: (options.firstIndex ?? 0) + start },
      };
      parts.push(new Promise((resolve, reject) => this.queue.push({ job, waiting: { resolve, reject } })));
    }
    this.dispatch();
    return (await Promise.all(parts)).flat();
  }

  /** Hands queued slices to idle workers. */
  private dispatch(): void {
    for (const worker of this.workers) {
      if (this.running.has(worker)) continue;
      const next = this.queue.shift();
      if (!next) {
        worker.unref();
        continue;
      }
      this.running.set(worker, next.waiting);
      worker.ref();
      worker.postMessage(next.job, [next.job.parameters.buffer as ArrayBuffer]);
    }
  }

  /** Rejects every slice in flight or queued: a pool that lost a worker fails its calls in one line. */
  private failAll(message: string, cause?: unknown): void {
    const failure = new GenEnvError('policy', message, { cause });
    for (const waiting of [...this.running.values(), ...this.queue.map((queued) => queued.waiting)])
      waiting.reject(failure);
    this.running.clear();
    this.queue.length = 0;
  }

  /** Terminates the workers. Idempotent. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}
