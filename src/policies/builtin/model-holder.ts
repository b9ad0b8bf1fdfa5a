import { loadModelState, saveModelState, type ModelState } from './model-state.ts';
import type { SamplerPool } from './sampler-pool.ts';

/**
 * What the built-in agent and simulator share: a model state (weights, optimiser, tokenizer, version),
 * an optional pool of sampling threads, and exact checkpoints of that state.
 */
export abstract class ModelHolder {
  protected constructor(protected state: ModelState, protected readonly pool: SamplerPool | null, private readonly role: 'agent' | 'simulator') {}

  /** Completed updates, warm start included. */
  get version(): number {
    return this.state.version;
  }

  async save(directory: string): Promise<void> {
    saveModelState(directory, this.state);
  }

  async load(directory: string): Promise<void> {
    const previous = this.state.model;
    this.state = loadModelState(directory, this.role);
    await previous.close();
  }

  async close(): Promise<void> {
    await this.pool?.close();
    await this.state.model.close();
  }
}
