import { parentPort } from 'node:worker_threads';
import { LanguageModel } from '../../models/language-model.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import type { SamplerJob } from './sampler-pool.ts';

// Keeps the last model's structures (layout, rotary table) and refreshes only the weights per job.
let cached: { key: string; model: LanguageModel } | null = null;

parentPort!.on('message', (job: SamplerJob) => {
  try {
    const key = JSON.stringify([job.config, job.tokenizer]);
    if (!cached || cached.key !== key) {
      cached = { key, model: new LanguageModel(job.config, Tokenizer.fromState(job.tokenizer), job.parameters) };
    } else cached.model.parameters = job.parameters;
    parentPort!.postMessage({ id: job.id, results: cached.model.generate(job.requests, job.options) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
