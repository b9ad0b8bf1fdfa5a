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

/**
 * Spreads batched sampling over worker threads in contiguous slices; request i keeps its
 * random stream deriveSeed(seed, i) and each sequence's forward pass reads only its own rows, so the output is
 * identical to sampling in process, whatever the number of workers and slices.
 */
export class SamplerPool {
  private readonly workers: Worker[];
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: GeneratedSequence[]) => void; reject: (error: Error) => void; worker: Worker }
  >();

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(workerEntry('sampler-worker', import.meta.url));
      worker.on('message', (reply: Reply) => {
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        this.releaseIfIdle(worker);
        if (reply.error !== undefined)
          waiting.reject(new GenEnvError('policy', `sampling worker failed: ${reply.error}`));
        else waiting.resolve(reply.results!);
      });
      worker.on('error', (error) => {
        for (const waiting of this.pending.values())
          waiting.reject(new GenEnvError('policy', `sampling worker crashed: ${error.message}`, { cause: error }));
        this.pending.clear();
      });
      // An idle worker must not keep the process alive; a busy one must (see generate), or a CLI run whose
      // only pending work is a sampling job would see its event loop empty and exit mid-run.
      worker.unref();
      return worker;
    });
  }

  private releaseIfIdle(worker: Worker): void {
    for (const waiting of this.pending.values()) if (waiting.worker === worker) return;
    worker.unref();
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Samples `requests` from `model` (its weights are copied to each worker). The requests are cut into
   * `slicesPerWorker` contiguous slices per worker, and each worker takes the next slice when it finishes one, so a
   * worker whose rollouts end early does not wait for the other; the results are the same for any cut.
   */
  async generate(
    model: LanguageModel,
    requests: GenerationRequest[],
    options: GenerationOptions,
  ): Promise<GeneratedSequence[]> {
    if (requests.length === 0) return [];
    const slices = Math.min(this.workers.length * slicesPerWorker, requests.length);
    const sliceSize = Math.ceil(requests.length / slices);
    const starts = Array.from({ length: Math.ceil(requests.length / sliceSize) }, (_, slice) => slice * sliceSize);
    const results: GeneratedSequence[][] = new Array(starts.length);
    let next = 0;
    const tokenizer = model.tokenizer.toState();
    const serve = async (worker: Worker) => {
      while (next < starts.length) {
        const slice = next++;
        const start = starts[slice]!;
        results[slice] = await this.run(worker, {
          id: this.nextId++,
          config: model.config,
          tokenizer,
          parameters: new Float32Array(model.parameters),
          requests: requests.slice(start, start + sliceSize),
          options: { ...options, firstIndex: (options.firstIndex ?? 0) + start },
        });
      }
    };
    await Promise.all(this.workers.slice(0, Math.min(this.workers.length, starts.length)).map(serve));
    return results.flat();
  }

  /** Runs one job on `worker`. */
  private run(worker: Worker, job: SamplerJob): Promise<GeneratedSequence[]> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject, worker });
      worker.ref();
      worker.postMessage(job, [job.parameters.buffer as ArrayBuffer]);
    });
  }

  /** Terminates the workers. Idempotent. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}
