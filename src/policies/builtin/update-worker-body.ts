import { parentPort } from 'node:worker_threads';
import { rwrUpdate } from '../../algorithms/rwr.ts';
import { supervisedFineTune } from '../../algorithms/sft.ts';
import { LanguageModel } from '../../models/language-model.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { yieldToOtherThreads } from '../../util/thread-priority.ts';
import type { UpdateJob, UpdateReply } from './update-thread.ts';

// The agent's two training threads run at the same time and wait on each other step by step: this thread takes the
// core whichever of them waits leaves, rather than a fair share that would make both wait longer.
yieldToOtherThreads();

// Keeps the last model (its layout, rotary table and activation buffers) and swaps in each job's arrays.
let cached: { key: string; model: LanguageModel; reference: LanguageModel } | null = null;

parentPort!.on('message', (job: UpdateJob) => {
  let reply: UpdateReply;
  try {
    const key = JSON.stringify([job.config, job.tokenizer]);
    if (!cached || cached.key !== key) {
      const tokenizer = Tokenizer.fromState(job.tokenizer);
      cached = {
        key,
        model: new LanguageModel(job.config, tokenizer, job.parameters, job.optimizer),
        // Its weights are each RWR job's reference.
        reference: new LanguageModel(job.config, tokenizer, new Float32Array(job.parameters.length)),
      };
    } else {
      cached.model.parameters = job.parameters;
      cached.model.optimizer = job.optimizer;
    }
    const { model, reference } = cached;
    // Gradients are zero between steps; a failed job may have left some.
    model.zeroGradients();
    const { task } = job;
    if (task.kind === 'rwr') reference.parameters = task.reference;
    const stats =
      task.kind === 'rwr'
        ? rwrUpdate(model, reference, task.records, task.options)
        : supervisedFineTune(model, task.sequences, task.options);
    reply = { id: job.id, stats, parameters: model.parameters, optimizer: model.optimizer };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
