/**
 * A TrainableAgent for LLMs served by vLLM or llama.cpp: rollouts go through the OpenAI-compatible
 * agent; each update exports D_train as a GRPO prompt set, runs the trainer hook and swaps in the
 * adapter it returns as `agent-vN`. Completions carry the adapter name that produced them.
 */
import { join } from 'node:path';
import type { AgentDemonstration, AgentUpdateBatch, SampleOptions, TrainableAgent } from '../interfaces/policy.ts';
import type { AgentUpdateStats, AgentWarmStartStats } from '../interfaces/metrics.ts';
import type { AgentPrompt, Completion } from '../interfaces/task.ts';
import type { OpenAIAgent } from '../policies/openai/agent.ts';
import { AdapterRotation, type HookTrainingSettings } from './adapter-rotation.ts';

const STATE_FILE = 'hook-trained-agent.json';

export class HookTrainedAgent implements TrainableAgent {
  readonly name: string;
  private readonly rotation: AdapterRotation;

  constructor(
    private readonly agent: OpenAIAgent,
    settings: HookTrainingSettings,
  ) {
    this.name = agent.name;
    this.rotation = new AdapterRotation('agent', settings, agent);
  }

  get version(): number {
    return this.rotation.version;
  }

  act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    return this.agent.act(prompts, options);
  }

  /** SFT warm start through the same hook: the demonstrations are exported as an SFT set (GENENV_SFT_FILE). */
  async warmStart(demonstrations: AgentDemonstration[], options: { seed: number }): Promise<AgentWarmStartStats> {
    if (demonstrations.length === 0) return {};
    return this.rotation.train({ demonstrations }, options.seed, 0);
  }

  /** `options.epoch`: the loop's epoch when it passes one; else counted from the update calls. */
  async update(batch: AgentUpdateBatch, options: { seed: number; epoch?: number }): Promise<AgentUpdateStats> {
    const epoch = this.rotation.epochOfUpdate(options.epoch);
    const rehearsal = batch.rehearsal ?? [];
    if (batch.groups.length === 0 && rehearsal.length === 0) return {};
    // The rehearsal travels as the SFT set (GENENV_SFT_FILE) beside the GRPO prompts of the same update.
    return this.rotation.train(
      { train: batch.groups, ...(rehearsal.length > 0 ? { demonstrations: rehearsal } : {}) },
      options.seed,
      epoch,
    );
  }

  async save(dir: string): Promise<void> {
    this.rotation.save(join(dir, STATE_FILE));
  }

  async load(dir: string): Promise<void> {
    await this.rotation.load(join(dir, STATE_FILE));
  }

  /** The served model's server answers. */
  ready(): Promise<void> {
    return this.agent.ready();
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
