/**
 * One training step through the trainer hook, shared by the agent and the simulator: export the records,
 * run the hook, load the adapter it returns as `<role>-vN`, point the policy at it, and unload the
 * previous adapter once the requests that use it have finished. State (version, adapter) saves as JSON.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Domain } from '../interfaces/domain.ts';
import { GenEnvError } from '../interfaces/errors.ts';
import type { HOOK_TRAINING_METRICS, MetricValues } from '../interfaces/metrics.ts';
import { writeFileAtomic } from '../util/files.ts';
import type { AdapterManager } from '../interfaces/adapter-manager.ts';
import { adapterName } from './adapter-leases.ts';
import type { TrainerFormat } from './export-formats.ts';
import { exportTrainingSets, type TrainingRecords } from './export-training-sets.ts';
import { runTrainerHook } from './trainer-hook.ts';

export interface HookTrainingSettings {
  /** Shell command run per update (see trainer-hook.ts for its environment). */
  command: string;
  format: TrainerFormat;
  /** Folder for exports and adapters, one sub-folder per version. */
  workDir: string;
  adapters: AdapterManager;
  timeoutSeconds?: number;
  /** `resample` also repeats weighted SFT rows ∝ weight, for trainers that ignore the weight column. */
  weighting?: 'column' | 'resample';
}

/** What a training step through the hook reports, for the agent and the simulator alike. */
export type HookTrainingStats = MetricValues<keyof typeof HOOK_TRAINING_METRICS>;

/** A policy whose requests can be routed to an adapter. */
export interface AdapterRoutable {
  useAdapter(name: string | null, manager?: AdapterManager): void;
}

const StateSchema = z
  .object({
    version: z.number().int().min(0),
    adapter: z.object({ name: z.string(), path: z.string() }).nullable(),
    /** Update calls so far (= the loop's last epoch); absent in states saved before it was kept. */
    updates: z.number().int().min(0).optional(),
  })
  .strict();

export class AdapterRotation {
  private versionCount = 0;
  private updateCalls = 0;
  private current: { name: string; path: string } | null = null;

  constructor(
    private readonly role: 'agent' | 'env',
    private readonly settings: HookTrainingSettings,
    private readonly policy: AdapterRoutable,
    private readonly domain?: Domain,
  ) {}

  get version(): number {
    return this.versionCount;
  }

  /**
   * The loop's epoch of an update call: the loop updates each player once per epoch 1..E (the warm start
   * is epoch 0), so the n-th call is epoch n. `given` (when the loop passes its epoch) wins. Counted
   * before any early return, so epochs without training still advance it; saved with the state.
   */
  epochOfUpdate(given?: number): number {
    this.updateCalls = given ?? this.updateCalls + 1;
    return this.updateCalls;
  }

  /**
   * Exports `records`, trains through the hook (GENENV_EPOCH = `epoch`, the loop's epoch) and swaps in
   * the new adapter. On failure nothing changes. Stats are unprefixed: the loop names the player.
   */
  async train(records: TrainingRecords, seed: number, epoch: number): Promise<HookTrainingStats> {
    const next = this.versionCount + 1;
    const name = adapterName(this.role, next);
    const folder = join(this.settings.workDir, name);
    mkdirSync(join(folder, 'adapter'), { recursive: true });
    const started = Date.now();
    const exported = await exportTrainingSets(records, this.settings.format, join(folder, 'data'), {
      seed,
      ...(this.domain ? { domain: this.domain } : {}),
      ...(this.settings.weighting ? { weighting: this.settings.weighting } : {}),
    });
    const adapterPath = await runTrainerHook({
      command: this.settings.command,
      role: this.role === 'agent' ? 'agent' : 'simulator',
      epoch,
      exported,
      outputDir: join(folder, 'adapter'),
      ...(this.current ? { previousAdapter: this.current.path } : {}),
      ...(this.settings.timeoutSeconds !== undefined ? { timeoutSeconds: this.settings.timeoutSeconds } : {}),
    });
    await this.settings.adapters.load(name, adapterPath);
    const previous = this.current;
    this.policy.useAdapter(name, this.settings.adapters);
    this.current = { name, path: adapterPath };
    this.versionCount = next;
    // Waits for requests still running on the previous adapter before removing it.
    if (previous) await this.settings.adapters.unload(previous.name);
    return {
      trainerSeconds: (Date.now() - started) / 1000,
      exportedRows: exported.trainRows + exported.envRows + exported.sftRows,
    };
  }

  save(path: string): void {
    const state = { version: this.versionCount, adapter: this.current, updates: this.updateCalls };
    writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
  }

  /** Restores what `save` wrote: loads the adapter on the servers when missing, and routes the policy to it. */
  async load(path: string): Promise<void> {
    let state: z.infer<typeof StateSchema>;
    try {
      state = StateSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      throw new GenEnvError('resume', `cannot restore adapter state from ${path}: missing or not a saved state`, {
        cause: error,
      });
    }
    if (state.adapter) {
      const loaded = await this.settings.adapters.list();
      if (!loaded.some((adapter) => adapter.name === state.adapter!.name))
        await this.settings.adapters.load(state.adapter.name, state.adapter.path);
      this.policy.useAdapter(state.adapter.name, this.settings.adapters);
    } else {
      this.policy.useAdapter(null);
    }
    this.current = state.adapter;
    this.versionCount = state.version;
    this.updateCalls = state.updates ?? state.version;
  }
}
