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

type Reply = { id: number; results?: GeneratedSequence[]; error?: string };

/**
 * Spreads batched sampling over worker threads. Each worker gets a contiguous slice; request i keeps its
 * random stream deriveSeed(seed, i), so the output is identical to sampling in process, whatever the
 * number of workers.
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

  /** Samples `requests` from `model` (its weights are copied to each worker). */
  async generate(
    model: LanguageModel,
    requests: GenerationRequest[],
    options: GenerationOptions,
  ): Promise<GeneratedSequence[]> {
    if (requests.length === 0) return [];
    const slices = Math.min(this.workers.length, requests.length);
    const sliceSize = Math.ceil(requests.length / slices);
    const jobs: Promise<GeneratedSequence[]>[] = [];
    for (let slice = 0; slice < slices; slice++) {
      const start = slice * sliceSize;
      if (start >= requests.length) break;
      const id = this.nextId++;
      const job: SamplerJob = {
        id,
        config: model.config,
        tokenizer: model.tokenizer.toState(),
        parameters: new Float32Array(model.parameters),
        requests: requests.slice(start, start + sliceSize),
        options: { ...options, firstIndex: (options.firstIndex ?? 0) + start },
      };
      const worker = this.workers[slice]!;
      jobs.push(
        new Promise((resolve, reject) => {
          this.pending.set(id, { resolve, reject, worker });
          worker.ref();
          worker.postMessage(job, [job.parameters.buffer as ArrayBuffer]);
        }),
      );
    }
    return (await Promise.all(jobs)).flat();
  }

  /** Terminates the workers. Idempotent. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}
