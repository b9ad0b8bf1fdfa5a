import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ScoredSequence } from './batching.ts';
import type { ModelConfig } from './model-config.ts';
import { type ScoreOptions, scoreSequences, type ScoringPass } from './scoring.ts';
import { awaitRaised, lower, REPLY, REQUEST, raise } from './thread-signal.ts';
import { Transformer } from './transformer.ts';

/** Startup data of a training worker: shared weights and its own shared gradient buffer. */
export interface TrainingWorkerData {
  config: ModelConfig;
  parameters: SharedArrayBuffer;
  gradients: SharedArrayBuffer;
  /** Two Int32 signals (thread-signal.ts): REPLY, raised when a reply has been posted; REQUEST, when a request has. */
  flag: SharedArrayBuffer;
  port: MessagePort;
}

export type TrainingRequest =
  /** `weights`: score under these (a frozen reference's, same shape) instead of the shared ones; no backward follows. */
  | { kind: 'score'; sequences: ScoredSequence[]; options: ScoreOptions; weights?: SharedArrayBuffer }
  | { kind: 'backward'; gradLogprob: Float32Array[]; gradEntropy: Float32Array[] | null };

const data = workerData as TrainingWorkerData;
const transformer = new Transformer(data.config);
const parameters = new Float32Array(data.parameters);
const gradients = new Float32Array(data.gradients);
const flag = new Int32Array(data.flag);
// Only the latest pass is kept: the main thread always runs backward on its latest scoring pass.
let latest: ScoringPass | null = null;

/** Runs one request; the reply (or the error, as a message) is what the main thread receives. */
function handle(request: TrainingRequest): unknown {
  try {
    if (request.kind === 'score') {
      const weights = request.weights ? new Float32Array(request.weights) : parameters;
      if (weights.length !== parameters.length) throw new Error(`weights of ${weights.length} parameters`);
      const pass = scoreSequences(transformer, weights, gradients, request.sequences, request.options);
      latest = request.weights ? null : pass;
      return { logprobs: pass.logprobs, entropies: pass.entropies, distributions: pass.distributions };
    }
    if (!latest) throw new Error('backward without a scoring pass');
    gradients.fill(0);
    latest.backward(request.gradLogprob, request.gradEntropy);
    latest = null;
    return {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

// The worker takes requests synchronously instead of through its event loop, whose wake-up cost as much as the
// signal's sleep (see thread-signal.ts); terminate() ends the loop.
for (;;) {
  awaitRaised(flag, REQUEST);
  lower(flag, REQUEST);
  const received = receiveMessageOnPort(data.port);
  if (!received) continue;
  data.port.postMessage(handle(received.message as TrainingRequest));
  raise(flag, REPLY);
}
