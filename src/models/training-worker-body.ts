import { workerData, type MessagePort } from 'node:worker_threads';
import type { ScoredSequence } from './batching.ts';
import { helpWhileWaiting } from './kernels.ts';
import { HELP_IDLE_SECONDS, REPLY, WAITS } from './training-signals.ts';
import type { ModelConfig } from './model-config.ts';
import { type ScoreOptions, scoreSequences, type ScoringPass } from './scoring.ts';
import { Transformer } from './transformer.ts';

/** Startup data of a training worker: shared weights and its own shared gradient buffer. */
export interface TrainingWorkerData {
  config: ModelConfig;
  parameters: SharedArrayBuffer;
  gradients: SharedArrayBuffer;
  /** Int32 flags (training-signals.ts): REPLY and WAITS. */
  flag: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * `waits`: the main thread's count of waits once it waits for this request's reply; `help`: whether the threads
 * help each other with it (training-signals.ts).
 */
export type TrainingRequest = { waits: number; help: boolean } & (
  | {
      kind: 'score';
      sequences: ScoredSequence[];
      options: ScoreOptions;
      /** Score under these (a frozen reference's, same shape) instead of the shared weights; no backward follows. */
      weights?: SharedArrayBuffer;
    }
  | { kind: 'backward'; gradLogprob: Float32Array[]; gradEntropy: Float32Array[] | null }
);

const data = workerData as TrainingWorkerData;
const transformer = new Transformer(data.config);
const parameters = new Float32Array(data.parameters);
const gradients = new Float32Array(data.gradients);
const flag = new Int32Array(data.flag);
// Only the latest pass is kept: the main thread always runs backward on its latest scoring pass.
let latest: ScoringPass | null = null;

data.port.on('message', (request: TrainingRequest) => {
  let reply: unknown;
  try {
    if (request.kind === 'score') {
      const weights = request.weights ? new Float32Array(request.weights) : parameters;
      if (weights.length !== parameters.length) throw new Error(`weights of ${weights.length} parameters`);
      const pass = scoreSequences(transformer, weights, gradients, request.sequences, request.options);
      latest = request.weights ? null : pass;
      reply = { logprobs: pass.logprobs, entropies: pass.entropies, distributions: pass.distributions };
    } else {
      if (!latest) throw new Error('backward without a scoring pass');
      gradients.fill(0);
      latest.backward(request.gradLogprob, request.gradEntropy);
      latest = null;
      reply = {};
    }
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  data.port.postMessage(reply);
  Atomics.store(flag, REPLY, 1);
  Atomics.notify(flag, REPLY);
  // Until the main thread is done with its own half (its count of waits reaches the request's), take tasks of its
  // kernels. The count is `waits` or `waits − 1` here: the main thread adds one per request it waits for.
  if (request.help) helpWhileWaiting(flag, WAITS, (request.waits - 1) | 0, HELP_IDLE_SECONDS);
});
