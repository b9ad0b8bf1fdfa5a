/**
 * A TrainableSimulator whose weights are trained outside: each update exports D_env as a weighted SFT
 * set (weights exp(λ·R_env) from the loop), runs the trainer hook and swaps in the adapter it returns as
 * `env-vN`. The wrapped simulator keeps its in-context exemplar pool too (set `exemplars: 0` for
 * weights only). Proposals carry the adapter name that produced them.
 */
import { join } from 'node:path';
import type { Domain } from '../interfaces/domain.ts';
import type { SimulatorDemonstration, SimulatorUpdateBatch, TrainableSimulator } from '../interfaces/policy.ts';
import type { SimulatorUpdateStats, SimulatorWarmStartStats } from '../interfaces/metrics.ts';
import type { Proposal, SimulatorContext } from '../interfaces/simulator.ts';
import type { OpenAISimulator } from '../policies/openai/simulator.ts';
import { AdapterRotation, type HookTrainingSettings } from './adapter-rotation.ts';

const STATE_FILE = 'hook-trained-simulator.json';

export class HookTrainedSimulator implements TrainableSimulator {
  readonly name: string;
  private readonly rotation: AdapterRotation;

  constructor(
    private readonly simulator: OpenAISimulator,
    domain: Domain,
    settings: HookTrainingSettings,
  ) {
    this.name = simulator.name;
    this.rotation = new AdapterRotation('env', settings, simulator, domain);
  }

  /** Adapter versions trained so far. */
  get version(): number {
    return this.rotation.version;
  }

  propose(
    contexts: SimulatorContext[],
    options: { seed: number; temperature?: number; topP?: number },
  ): Promise<Proposal[]> {
    return this.simulator.propose(contexts, options);
  }

  /** Demonstrations seed the exemplar pool; weights are only trained from rewarded generations. */
  warmStart(demonstrations: SimulatorDemonstration[], options: { seed: number }): Promise<SimulatorWarmStartStats> {
    return this.simulator.warmStart(demonstrations, options);
  }

  /** `options.epoch`: the loop's epoch when it passes one; else counted from the update calls. */
  async update(batch: SimulatorUpdateBatch, options: { seed: number; epoch?: number }): Promise<SimulatorUpdateStats> {
    const epoch = this.rotation.epochOfUpdate(options.epoch);
    if (batch.records.length === 0) return {};
    const inContext = await this.simulator.update(batch, options);
    const trained = await this.rotation.train({ env: batch.records }, options.seed, epoch);
    return { ...inContext, ...trained };
  }

  async save(dir: string): Promise<void> {
    await this.simulator.save(dir);
    this.rotation.save(join(dir, STATE_FILE));
  }

  async load(dir: string): Promise<void> {
    await this.simulator.load(dir);
    await this.rotation.load(join(dir, STATE_FILE));
  }

  /** The served model's server answers. */
  ready(): Promise<void> {
    return this.simulator.ready();
  }

  async close(): Promise<void> {
    await this.simulator.close();
  }
}
