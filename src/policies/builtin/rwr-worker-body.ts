import { parentPort } from 'node:worker_threads';
import { rwrUpdate } from '../../algorithms/rwr.ts';
import { LanguageModel } from '../../models/language-model.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { yieldToOtherThreads } from '../../util/thread-priority.ts';
import type { RwrJob, RwrReply } from './rwr-thread.ts';

// The agent's two training threads run at the same time and wait on each other step by step: this thread takes the
// core whichever of them waits leaves, rather than a fair share that would make both wait longer.
yieldToOtherThreads();

// Keeps the last model (its layout, rotary table and activation buffers) and swaps in each job's arrays.
let cached: { key: string; model: LanguageModel; reference: LanguageModel } | null = null;

parentPort!.on('message', (job: RwrJob) => {
  let reply: RwrReply;
  try {
    const key = JSON.stringify([job.config, job.tokenizer]);
    if (!cached || cached.key !== key) {
      const tokenizer = Tokenizer.fromState(job.tokenizer);
      cached = {
        key,
        model: new LanguageModel(job.config, tokenizer, job.parameters, job.optimizer),
        reference: new LanguageModel(job.config, tokenizer, job.reference),
      };
    } else {
      cached.model.parameters = job.parameters;
      cached.model.optimizer = job.optimizer;
      cached.reference.parameters = job.reference;
    }
    const { model, reference } = cached;
    // Gradients are zero between steps; a failed job may have left some.
    model.zeroGradients();
    const stats = rwrUpdate(model, reference, job.records, job.options);
    reply = { id: job.id, stats, parameters: model.parameters, optimizer: model.optimizer };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
